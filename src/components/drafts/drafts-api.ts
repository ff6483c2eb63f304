import { get, request } from '../../dataProvider/axios';
import type { DraftForm } from '../../schemas/cyprotect/drafts';

import type { Draft, DraftSaved, DraftSummary } from '../../schemas/api/draft-responses';

export type { DraftSummary };

export const listDrafts = () =>
  get<{ list: DraftSummary[]; ttlDays: number; maxPerUser: number; forms: Record<string, DraftForm> }>('/api/drafts');
export const fetchDraft = (id: number | string) => get<Draft>(`/api/drafts/${encodeURIComponent(String(id))}`);
export const saveDraft = (body: { id?: number; formId: string; data: Record<string, any> }) =>
  request<DraftSaved>('POST', '/api/drafts', body, { json: true });
export const deleteDraft = (id: number) => request('DELETE', `/api/drafts/${id}`);
