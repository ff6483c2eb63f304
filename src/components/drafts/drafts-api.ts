import { get, request } from '../../dataProvider/axios';
import type { DraftForm } from '../../schemas/cyprotect/drafts';

export interface DraftSummary {
  id: number;
  formId: string;
  title: string;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
}

export const listDrafts = () =>
  get<{ list: DraftSummary[]; ttlDays: number; maxPerUser: number; forms: Record<string, DraftForm> }>('/api/drafts');
export const fetchDraft = (id: number | string) =>
  get<DraftSummary & { data: Record<string, any> }>(`/api/drafts/${encodeURIComponent(String(id))}`);
export const saveDraft = (body: { id?: number; formId: string; data: Record<string, any> }) =>
  request<{ id: number; title: string; expiresAt: string }>('POST', '/api/drafts', body, { json: true });
export const deleteDraft = (id: number) => request('DELETE', `/api/drafts/${id}`);
