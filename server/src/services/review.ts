/**
 * Work review: the one place that moves a work (or a revision of a work on sale) between statuses
 * and records why. Creator routes, the staff console and, later, the media pipeline and other
 * review queues call these functions. Every flow runs in one transaction that first locks the work
 * row, so edits and decisions on one work serialise; each status change is a guarded UPDATE from
 * the expected status, so of two parallel decisions exactly one wins and the other gets a 409.
 */
import type { Db, Queryable } from '../db/index.js';
import { AppError } from '../http/envelope.js';
import { REVISION, WORK } from '../repositories/works.js';
import * as repo from '../repositories/work-review.js';
import { findMedia } from '../repositories/media.js';
import { contentFromForm, contentOf, contentTokens, sameContent } from './work-content.js';

export interface Actor {
  /** null for the system (media pipeline). */
  id: number | null;
  role: 'creator' | 'staff' | 'system';
}

export type Decision = 'approve' | 'reject' | 'request_info';

export interface DecisionInput {
  decision: Decision;
  /** Decide on this pending revision instead of the work itself. */
  revisionId?: number;
  /** For a work: the content digest staff looked at (a creator edit in between makes it a 409). */
  digest?: string;
  reasons?: Array<{ code: string; title: string }>;
  comment?: string;
}

const NOT_FOUND = '记录不存在';
export const ALREADY_DECIDED = '该作品已被其他审核员处理，请刷新审核队列';
const DECISION_STATUS: Record<Decision, number> = {
  approve: WORK.APPROVED,
  reject: WORK.REVIEW_FAILED,
  request_info: WORK.NEEDS_INFO,
};
/** Statuses a creator may submit for review from (draft, failed, needs information). */
const SUBMITTABLE: number[] = [WORK.PENDING_SUBMISSION, WORK.REVIEW_FAILED, WORK.NEEDS_INFO];

/** The locked work; a creator only finds their own (another's work answers 404 like a missing one). */
async function lockedWork(q: Queryable, actor: Actor, id: number): Promise<repo.WorkRow> {
  const w = await repo.lockWork(q, id);
  if (!w || (actor.role === 'creator' && w.owner_id !== actor.id)) throw new AppError(404, NOT_FOUND);
  return w;
}

/** The revision that awaits staff (0) or the creator (10), if any. */
async function openRevision(q: Queryable, id: number) {
  const r = await repo.latestRevision(q, id);
  return r && (r.status === REVISION.PENDING || r.status === REVISION.NEEDS_INFO) ? r : undefined;
}

const event = (q: Queryable, actor: Actor, e: Omit<repo.WorkEvent, 'actorId' | 'actorRole'>) =>
  repo.insertEvent(q, { ...e, actorId: actor.id, actorRole: actor.role });

/**
 * A creator's edit (validated lumen:forms/work data). A work on sale is not touched: the edit
 * becomes a revision that staff review while the approved version stays on sale and in search.
 * Any other work takes the edit directly, keeping its status (a draft stays a draft). An edit that
 * changes nothing is refused; a newer edit supersedes a revision that was not decided yet.
 */
export async function editWork(
  db: Db,
  actor: Actor,
  id: number,
  form: Record<string, any>,
): Promise<{ revisionId: number | null }> {
  return db.tx(async (q) => {
    const w = await lockedWork(q, actor, id);
    if (w.status === WORK.UNDER_REVIEW_A || w.status === WORK.UNDER_REVIEW_B)
      throw new AppError(409, '作品审核中，暂不能修改');
    const live = contentOf(w);
    const next = contentFromForm(form, live);
    const open = await openRevision(q, id);
    const onSale = w.status === WORK.APPROVED;
    if (sameContent(next, onSale && open ? contentOf(open.fields) : live)) throw new AppError(400, '内容未修改');
    const backToLive = onSale && sameContent(next, live);
    if (open) {
      await repo.setRevisionStatus(q, id, open.id, [open.status], REVISION.WITHDRAWN, { decided: true });
      const comment = backToLive ? '内容改回与在售版本一致' : onSale ? '被新的修改取代' : '作品信息已直接修改';
      await event(q, actor, {
        materialId: id,
        revisionId: open.id,
        action: 'revision_withdraw',
        from: open.status,
        to: REVISION.WITHDRAWN,
        comment,
      });
    }
    if (backToLive) return { revisionId: null };
    if (onSale) {
      const revisionId = await repo.insertRevision(q, id, actor.id!, next);
      await event(q, actor, { materialId: id, revisionId, action: 'revise', from: null, to: REVISION.PENDING });
      return { revisionId };
    }
    await repo.writeContent(q, id, next, contentTokens(next), false);
    await event(q, actor, { materialId: id, action: 'edit', from: w.status, to: w.status });
    return { revisionId: null };
  });
}

/** Submit for review: a draft, failed or incomplete work (-> 0), or a revision that needed information. */
export async function submitWork(db: Db, actor: Actor, id: number): Promise<void> {
  await db.tx(async (q) => {
    const w = await lockedWork(q, actor, id);
    if (SUBMITTABLE.includes(w.status)) {
      await repo.setWorkStatus(q, id, [w.status], WORK.PENDING_REVIEW, { submit: { appeal: false } });
      return event(q, actor, { materialId: id, action: 'submit', from: w.status, to: WORK.PENDING_REVIEW });
    }
    const open = await openRevision(q, id);
    if (open?.status !== REVISION.NEEDS_INFO) throw new AppError(409, '该作品当前状态不能提交审核');
    await repo.setRevisionStatus(q, id, open.id, [REVISION.NEEDS_INFO], REVISION.PENDING, {
      submit: { appeal: false },
    });
    await event(q, actor, {
      materialId: id,
      revisionId: open.id,
      action: 'revision_submit',
      from: REVISION.NEEDS_INFO,
      to: REVISION.PENDING,
    });
  });
}

/** Take an approved work off sale (1 -> 2). */
export async function takedownWork(db: Db, actor: Actor, id: number, comment = ''): Promise<void> {
  await db.tx(async (q) => {
    const w = await lockedWork(q, actor, id);
    if (w.status !== WORK.APPROVED) throw new AppError(409, '只有审核通过的作品可以下架');
    await repo.setWorkStatus(q, id, [WORK.APPROVED], WORK.TAKEN_DOWN);
    await event(q, actor, { materialId: id, action: 'takedown', from: WORK.APPROVED, to: WORK.TAKEN_DOWN, comment });
  });
}

/** Put a taken-down work back: on sale at once when its content is the approved one, else to review. */
export async function relistWork(db: Db, actor: Actor, id: number): Promise<number> {
  return db.tx(async (q) => {
    const w = await lockedWork(q, actor, id);
    if (w.status !== WORK.TAKEN_DOWN) throw new AppError(409, '只有已下架的作品可以重新上架');
    const unchanged = w.reviewed_digest !== null && w.reviewed_digest === w.digest;
    const to = unchanged ? WORK.APPROVED : WORK.PENDING_REVIEW;
    await repo.setWorkStatus(q, id, [WORK.TAKEN_DOWN], to, unchanged ? {} : { submit: { appeal: false } });
    await event(q, actor, {
      materialId: id,
      action: 'relist',
      from: WORK.TAKEN_DOWN,
      to,
      comment: unchanged ? '' : '下架期间作品内容有修改，需重新审核',
    });
    return to;
  });
}

/** Appeal a rejection with a text: the work (or its rejected revision) returns to the queue flagged 申诉. */
export async function appealWork(db: Db, actor: Actor, id: number, text: string): Promise<void> {
  await db.tx(async (q) => {
    const w = await lockedWork(q, actor, id);
    if (w.status === WORK.REVIEW_FAILED) {
      await repo.setWorkStatus(q, id, [WORK.REVIEW_FAILED], WORK.PENDING_REVIEW, { submit: { appeal: true } });
      return event(q, actor, {
        materialId: id,
        action: 'appeal',
        from: WORK.REVIEW_FAILED,
        to: WORK.PENDING_REVIEW,
        comment: text,
      });
    }
    const latest = await repo.latestRevision(q, id);
    const onSaleOrDown = w.status === WORK.APPROVED || w.status === WORK.TAKEN_DOWN;
    if (!onSaleOrDown || latest?.status !== REVISION.REJECTED)
      throw new AppError(409, '只有审核未通过的作品或修改可以申诉');
    await repo.setRevisionStatus(q, id, latest.id, [REVISION.REJECTED], REVISION.PENDING, { submit: { appeal: true } });
    await event(q, actor, {
      materialId: id,
      revisionId: latest.id,
      action: 'revision_appeal',
      from: REVISION.REJECTED,
      to: REVISION.PENDING,
      comment: text,
    });
  });
}

/** Withdraw the revision that was not decided yet; the approved version simply stays. */
export async function withdrawRevision(db: Db, actor: Actor, id: number): Promise<void> {
  await db.tx(async (q) => {
    await lockedWork(q, actor, id);
    const open = await openRevision(q, id);
    if (!open) throw new AppError(409, '没有可撤回的修改');
    await repo.setRevisionStatus(q, id, open.id, [open.status], REVISION.WITHDRAWN, { decided: true });
    await event(q, actor, {
      materialId: id,
      revisionId: open.id,
      action: 'revision_withdraw',
      from: open.status,
      to: REVISION.WITHDRAWN,
    });
  });
}

/**
 * A new work goes on sale only once the media pipeline has made its preview and checked it for
 * duplicates: approving earlier would publish a work nobody could look at, unchecked. Works that
 * never went through the pipeline (seeded, older) have no media row and are not held back.
 */
async function mediaAllowsApproval(q: Queryable, id: number): Promise<void> {
  const media = await findMedia(q, id);
  if (!media || media.state === 'ready') return;
  if (media.state === 'failed') throw new AppError(409, '作品媒体处理失败，不能审核通过：请驳回或要求创作者重新处理');
  throw new AppError(409, '作品媒体仍在处理中（预览与查重尚未完成），处理完成后才能审核通过');
}

/**
 * A staff decision on a pending work or revision. Approving a revision applies its fields and
 * search tokens in the same transaction, so the work is never half-updated.
 */
export async function decideWork(db: Db, staff: Actor, id: number, input: DecisionInput): Promise<void> {
  const to = DECISION_STATUS[input.decision];
  const why = { reasons: input.reasons ?? [], comment: input.comment ?? '' };
  await db.tx(async (q) => {
    const w = await lockedWork(q, staff, id);
    if (input.revisionId !== undefined) {
      const rev = await repo.setRevisionStatus(q, id, input.revisionId, [REVISION.PENDING], to, { decided: true });
      if (!rev) throw new AppError(409, ALREADY_DECIDED);
      if (input.decision === 'approve') {
        const fields = contentOf(rev.fields);
        await repo.writeContent(q, id, fields, contentTokens(fields), true);
      }
      return event(q, staff, {
        materialId: id,
        revisionId: rev.id,
        action: `revision_${input.decision}`,
        from: REVISION.PENDING,
        to,
        ...why,
      });
    }
    if (input.decision === 'approve') await mediaAllowsApproval(q, id);
    const moved = await repo.setWorkStatus(q, id, [WORK.PENDING_REVIEW], to, {
      approved: input.decision === 'approve',
      expectedDigest: input.digest,
    });
    if (!moved)
      throw new AppError(
        409,
        w.status === WORK.PENDING_REVIEW ? '作品内容已被创作者更新，请刷新后重新审核' : ALREADY_DECIDED,
      );
    await event(q, staff, { materialId: id, action: input.decision, from: WORK.PENDING_REVIEW, to, ...why });
  });
}
