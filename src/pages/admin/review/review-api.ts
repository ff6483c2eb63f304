import { get, request } from '../../../dataProvider/axios';
import type { RevisionView, TimelineEvent } from '../../../components/review/types';

/** Client side of /api/admin/review (server/src/routes/review.ts). */

export interface QueueItem {
  kind: 'work' | 'revision';
  material_id: number;
  revision_id: number | null;
  type: number;
  title: string;
  owner_name: string | null;
  submitted_at: string;
  appeal: boolean;
}

export interface QueueFilter {
  kind?: 'work' | 'revision';
  type?: number;
  appeal?: boolean;
  page: number;
  pageSize: number;
}

export interface DuplicateHit {
  material_id: number;
  title: string;
  status: number;
  type: number;
  coverUrl: string | null;
  owner_name: string | null;
  distance: number;
  kind: string;
}

export interface StaffWork {
  id: number;
  type: number;
  title: string;
  description: string;
  tags: string[];
  status: number;
  price: number;
  coverUrl: string | null;
  previewUrl: string | null;
  durationSec: number | null;
  width: number | null;
  height: number | null;
  format: string | null;
  sizeBytes: number | null;
  createdAt: string;
  submittedAt: string;
  appeal: boolean;
  appealText: string | null;
  owner: { id: number | null; nickname: string | null };
  digest: string;
}

export interface StaffReview {
  work: StaffWork;
  revision: RevisionView | null;
  duplicates: DuplicateHit[];
  events: TimelineEvent[];
}

export type DecisionPath = 'approve' | 'reject' | 'request-info';

export const fetchQueue = (f: QueueFilter) => get<{ list: QueueItem[]; total: number }>('/api/admin/review/queue', f);

export const fetchItem = (materialId: number, revisionId: number | null) =>
  get<StaffReview>(`/api/admin/review/works/${materialId}`, revisionId ? { revisionId } : undefined);

/** A decision on what staff looked at: the revision, or the work at the content digest they saw. */
export const decide = (item: StaffReview, path: DecisionPath, form: Record<string, unknown> = {}) =>
  request<StaffReview>('POST', `/api/admin/review/works/${item.work.id}/${path}`, { ...form, ...(item.revision ? { revisionId: item.revision.id } : { digest: item.work.digest }) }, { json: true });
