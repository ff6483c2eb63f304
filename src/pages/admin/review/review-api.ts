import { get, request } from '../../../dataProvider/axios';
import type { QueueFilter, QueueItem, StaffReview } from '../../../schemas/api/review';

export type { DuplicateHit, QueueFilter, QueueItem, StaffReview, StaffWork } from '../../../schemas/api/review';

/** Client side of /api/admin/review (server/src/routes/review.ts). */

export type DecisionPath = 'approve' | 'reject' | 'request-info';

export const fetchQueue = (f: QueueFilter) => get<{ list: QueueItem[]; total: number }>('/api/admin/review/queue', f);

export const fetchItem = (materialId: number, revisionId: number | null) =>
  get<StaffReview>(`/api/admin/review/works/${materialId}`, revisionId ? { revisionId } : undefined);

/** A decision on what staff looked at: the revision, or the work at the content digest they saw. */
export const decide = (item: StaffReview, path: DecisionPath, form: Record<string, unknown> = {}) =>
  request<StaffReview>(
    'POST',
    `/api/admin/review/works/${item.work.id}/${path}`,
    { ...form, ...(item.revision ? { revisionId: item.revision.id } : { digest: item.work.digest }) },
    { json: true },
  );
