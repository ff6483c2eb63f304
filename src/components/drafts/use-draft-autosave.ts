import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useUser } from '../user/UserContext';
import { deleteDraft, fetchDraft, saveDraft } from './drafts-api';
import { withoutFiles } from './without-files';

/** Quiet time after the last keystroke before a draft is saved. */
export const AUTOSAVE_DELAY_MS = 1500;

export type DraftStatus =
  { state: 'idle' } | { state: 'saving' } | { state: 'saved'; at: Date } | { state: 'error'; message: string };

/**
 * Autosaves a form's data as a draft (/api/drafts) a moment after each change, for a signed-in
 * user, and resumes the draft named by `?draft=<id>` (onResume gets its data). `discard` deletes
 * the draft once the application was submitted. Pass formId undefined to turn it off.
 */
export function useDraftAutosave(
  formId: string | undefined,
  data: Record<string, any> | undefined,
  onResume: (data: Record<string, any>) => void,
) {
  const { user } = useUser();
  const [params] = useSearchParams();
  const resumeId = params.get('draft');
  const draftId = useRef<number | undefined>(undefined);
  const lastSaved = useRef<string>('');
  const [status, setStatus] = useState<DraftStatus>({ state: 'idle' });
  const [resumed, setResumed] = useState<string | null>(null);
  const enabled = !!formId && !!user;

  useEffect(() => {
    if (!enabled || !resumeId) return;
    fetchDraft(resumeId).then(
      (d) => {
        if (d.formId !== formId) return;
        draftId.current = d.id;
        lastSaved.current = JSON.stringify(d.data);
        setResumed(d.title);
        onResume(d.data);
      },
      (e: Error) => setStatus({ state: 'error', message: e.message }),
    );
    // Resume once per draft id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, resumeId, formId]);

  useEffect(() => {
    if (!enabled || !data) return;
    const clean = withoutFiles(data);
    const text = JSON.stringify(clean);
    if (text === lastSaved.current || text === '{}') return;
    const t = setTimeout(() => {
      setStatus({ state: 'saving' });
      saveDraft({ id: draftId.current, formId: formId!, data: clean }).then(
        (r) => {
          draftId.current = r.id;
          lastSaved.current = text;
          setStatus({ state: 'saved', at: new Date() });
        },
        (e: Error) => setStatus({ state: 'error', message: e.message }),
      );
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(t);
  }, [enabled, formId, data]);

  const discard = useCallback(async () => {
    if (draftId.current) await deleteDraft(draftId.current).catch(() => undefined);
    draftId.current = undefined;
  }, []);

  return { enabled, status, resumed, discard };
}
