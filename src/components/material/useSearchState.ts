import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { SearchParams } from './api';

const KEYS = ['keyword', 'type', 'duration', 'categoryId', 'ai', 'sort', 'page'] as const;

/** Search state kept in the URL query (shareable); changing a filter goes back to page 1. */
export function useSearchState(fixed: Partial<SearchParams> = {}) {
  const [params, setParams] = useSearchParams();
  const state: SearchParams = useMemo(() => {
    const n = (k: string) => (params.get(k) ? Number(params.get(k)) : undefined);
    return {
      keyword: params.get('keyword') ?? '',
      type: n('type'),
      duration: params.get('duration') ?? '',
      categoryId: n('categoryId'),
      ai: params.get('ai') ?? '',
      sort: params.get('sort') ?? '',
      page: n('page') ?? 1,
      ...fixed,
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params, fixed.categoryId, fixed.type]);
  const update = useCallback(
    (patch: Partial<SearchParams>) => {
      const next = new URLSearchParams(params);
      const merged: Record<string, unknown> = { ...state, page: 1, ...patch };
      // Duration classes only apply to video.
      if (merged.type !== 1) merged.duration = '';
      for (const k of KEYS) {
        const v = merged[k];
        if (
          v === undefined ||
          v === '' ||
          v === null ||
          (k === 'page' && v === 1) ||
          (fixed as Record<string, unknown>)[k] !== undefined
        )
          next.delete(k);
        else next.set(k, String(v));
      }
      setParams(next);
    },
    [params, setParams, state, fixed],
  );
  return { state, update };
}
