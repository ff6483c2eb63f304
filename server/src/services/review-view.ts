/**
 * Read side of work review: what the creator sees on a work (latest revision and its diff, the
 * decision to act on, the timeline) and what staff see on a queue item (plus media, duplicates).
 */
import type { Queryable } from '../db/index.js';
import { AppError } from '../http/envelope.js';
import { fileUrl } from '../repositories/material-card.js';
import { REVISION, WORK } from '../repositories/works.js';
import {
  findRevision,
  latestRevision,
  listEvents,
  type EventRow,
  type RevisionRow,
} from '../repositories/work-review.js';
import { duplicatesOf, reviewWork } from '../repositories/review-queue.js';
import { contentDiff, contentOf } from './work-content.js';
import { mediaStatus } from './media/status.js';
import { aiLabelOf } from '../../../src/schemas/provenance.js';
import type {
  CreatorReview,
  ReviewMediaState,
  ReviewNotice,
  RevisionView,
  StaffReview,
  TimelineEvent,
} from '../../../src/schemas/api/review.js';

const DECISIONS = new Set(['reject', 'request_info']);
const REVISION_DECISIONS = new Set(['revision_reject', 'revision_request_info']);

const timelineEntry = (e: EventRow, showStaff: boolean): TimelineEvent => ({
  id: e.id,
  revisionId: e.revision_id,
  actorRole: e.actor_role as TimelineEvent['actorRole'],
  // Creators see "审核员", not the reviewer's account.
  actorName: e.actor_role === 'staff' && !showStaff ? null : e.actor_name,
  action: e.action,
  from: e.from_status,
  to: e.to_status,
  reasons: e.reasons ?? [],
  comment: e.comment,
  at: new Date(e.created_at).toISOString(),
});

const revisionView = (rev: RevisionRow, live: Record<string, any>): RevisionView => ({
  id: rev.id,
  status: rev.status,
  appeal: rev.appeal,
  submittedAt: new Date(rev.submitted_at).toISOString(),
  fields: { ...contentOf(rev.fields), price: contentOf(rev.fields).price_cents / 100 },
  diff: contentDiff(contentOf(live), contentOf(rev.fields)),
});

/**
 * The decision the creator has to act on: the latest rejection or information request, while the
 * work (or its latest revision) is still in that state.
 */
function pendingNotice(
  work: Record<string, any>,
  rev: RevisionRow | undefined,
  events: EventRow[],
): ReviewNotice | null {
  const status = Number(work.status);
  let found: EventRow | undefined;
  if (status === WORK.REVIEW_FAILED || status === WORK.NEEDS_INFO)
    found = events.filter((e) => DECISIONS.has(e.action)).pop();
  else if (rev && (rev.status === REVISION.REJECTED || rev.status === REVISION.NEEDS_INFO)) {
    found = events.filter((e) => REVISION_DECISIONS.has(e.action) && e.revision_id === rev.id).pop();
  }
  if (!found) return null;
  return {
    scope: found.revision_id ? 'revision' : 'work',
    action: found.action,
    reasons: found.reasons ?? [],
    comment: found.comment,
    at: new Date(found.created_at).toISOString(),
  };
}

/** GET /api/user/works/:id/review (the caller has checked ownership). */
export async function creatorReviewView(q: Queryable, work: Record<string, any>): Promise<CreatorReview> {
  const id = Number(work.id);
  const [latest, events] = await Promise.all([latestRevision(q, id), listEvents(q, id)]);
  const concerns =
    latest && [REVISION.PENDING, REVISION.REJECTED, REVISION.NEEDS_INFO].includes(latest.status as 0 | 3 | 10);
  return {
    revision: concerns ? revisionView(latest, work) : null,
    notice: pendingNotice(work, latest, events),
    events: events.map((e) => timelineEntry(e, false)),
  };
}

/** GET /api/admin/review/works/:id — the work, the revision under review (given or pending), duplicates, timeline. */
export async function staffReviewView(q: Queryable, id: number, revisionId?: number): Promise<StaffReview> {
  const work = await reviewWork(q, id);
  if (!work) throw new AppError(404, '作品不存在');
  const latest = await latestRevision(q, id);
  const rev =
    revisionId !== undefined
      ? await findRevision(q, id, revisionId)
      : latest?.status === REVISION.PENDING
        ? latest
        : undefined;
  if (revisionId !== undefined && !rev) throw new AppError(404, '修改记录不存在');
  const [duplicates, events, media] = await Promise.all([duplicatesOf(q, id), listEvents(q, id), mediaStatus(q, id)]);
  const appealOf = (revId: number | null) =>
    events.filter((e) => (e.action === 'appeal' || e.action === 'revision_appeal') && e.revision_id === revId).pop()
      ?.comment ?? null;
  return {
    work: {
      id,
      type: Number(work.type),
      title: work.title,
      description: work.description,
      tags: work.tags ?? [],
      status: Number(work.status),
      price: Number(work.price_cents) / 100,
      coverUrl: fileUrl(work.cover_path),
      previewUrl: fileUrl(work.preview_path),
      durationSec: work.duration_sec === null ? null : Number(work.duration_sec),
      width: work.width,
      height: work.height,
      format: work.format,
      sizeBytes: work.size_bytes === null ? null : Number(work.size_bytes),
      createdAt: new Date(work.created_at).toISOString(),
      submittedAt: new Date(work.review_submitted_at).toISOString(),
      appeal: work.review_appeal,
      appealText: work.review_appeal ? appealOf(null) : null,
      owner: { id: work.owner_id === null ? null : Number(work.owner_id), nickname: work.owner_name },
      digest: work.digest,
      aiGenerated: work.ai_generated === true,
      aiSource: work.ai_source ?? null,
      aiDeclared: work.ai_declared ?? null,
      aiConflict: aiLabelOf(work.provenance ?? null, work.ai_declared).aiConflict,
      provenance: work.provenance ?? null,
    },
    media: {
      state: media.state as ReviewMediaState['state'],
      progress: media.progress,
      message: media.message,
      error: media.error,
    },
    revision: rev ? { ...revisionView(rev, work), appealText: rev.appeal ? appealOf(rev.id) : null } : null,
    duplicates: duplicates.map(({ cover_path, ...d }) => ({ ...d, coverUrl: fileUrl(cover_path) })),
    events: events.map((e) => timelineEntry(e, true)),
  };
}
