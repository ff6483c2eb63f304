import type { Db, Queryable } from '../db/index.js';
import { AppError } from '../http/envelope.js';
import { latestBody } from '../repositories/schema-versions.js';
import { lockUserRow, type UserRow } from '../repositories/users.js';
import {
  activePool,
  cancelLeave,
  clearPool,
  findMember,
  insertRevenue,
  insertShare,
  ownApprovedWorks,
  requestLeave,
  revenueByReference,
  setPoolWorks,
  upsertMember,
} from '../repositories/collective.js';
import {
  COLLECTIVE_PLAN_ID,
  collectivePlanOf,
  poolShares,
  type CollectivePlan,
} from '../../../src/schemas/cyprotect/collective-plan.js';
import { schemas } from '../../../src/schemas/index.js';

/** The rule in force (newest staff version, else the bundled file), read in the caller's transaction. */
export async function currentCollectivePlan(q: Queryable): Promise<CollectivePlan> {
  return collectivePlanOf((await latestBody(q, COLLECTIVE_PLAN_ID)) ?? schemas[COLLECTIVE_PLAN_ID]);
}

/** A creator joins (or rejoins after leaving, with an empty pool). */
export async function joinPlan(db: Db, user: UserRow): Promise<void> {
  if (!user.roles.includes('creator')) throw new AppError(403, '成为创作者后才能加入集体版权计划');
  const userId = Number(user.id);
  await db.tx(async (q) => {
    // No member row may exist yet: the user's row serialises parallel joins.
    await lockUserRow(q, userId);
    const m = await findMember(q, userId, true);
    if (m?.active) throw new AppError(409, m.leavesAt ? '您已申请退出，可在通知期内撤销退出' : '您已加入集体版权计划');
    if (m) await clearPool(q, userId);
    await upsertMember(q, userId);
  });
}

/** Replaces the member's pool: only their own approved works, at most the rule's number, not during notice. */
export async function choosePoolWorks(db: Db, userId: number, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)];
  const plan = await currentCollectivePlan(db);
  if (unique.length > plan.maxWorksPerMember)
    throw new AppError(400, `每位成员最多放入 ${plan.maxWorksPerMember} 件作品`);
  return db.tx(async (q) => {
    const m = await findMember(q, userId, true);
    if (!m?.active) throw new AppError(409, '请先加入集体版权计划');
    if (m.leavesAt) throw new AppError(409, '退出通知期内不能调整入池作品');
    const own = await ownApprovedWorks(q, userId, unique);
    if (own.length !== unique.length) throw new AppError(400, '只能选择您本人已审核通过的作品');
    await setPoolWorks(q, userId, unique);
    return unique.length;
  });
}

/** Starts the notice period; the works stay in the pool (and share revenue) until it ends. */
export async function leavePlan(db: Db, userId: number): Promise<{ leavesAt: string }> {
  const plan = await currentCollectivePlan(db);
  const r = await requestLeave(db, userId, plan.noticeDays);
  if (!r) throw new AppError(409, '您不在计划中，或已申请退出');
  return { leavesAt: String(r.leavesAt) };
}

export async function stayInPlan(db: Db, userId: number): Promise<void> {
  if (!(await cancelLeave(db, userId))) throw new AppError(409, '没有可撤销的退出申请');
}

/**
 * Records one pool income and shares it among the members in the plan at this moment (notice
 * included) by works in the pool. Idempotent by reference: a repeat returns the first record
 * and shares nothing again (UNIQUE reference; shares are inserted in the same transaction).
 */
export async function recordPoolRevenue(
  db: Db,
  staffId: number,
  input: { reference: string; licensee: string; amountCents: number },
) {
  return db.tx(async (q) => {
    const plan = await currentCollectivePlan(q);
    const pool = await activePool(q);
    const split = poolShares(input.amountCents, plan.platformPercent, pool);
    const totalWorks = pool.reduce((s, m) => s + m.works, 0);
    const id = await insertRevenue(q, {
      ...input,
      platformPercent: plan.platformPercent,
      distributableCents: split.distributableCents,
      totalWorks,
      staffId,
    });
    if (id === null) return { ...(await revenueByReference(q, input.reference)), replayed: true };
    for (const s of split.shares) await insertShare(q, id, s.userId, s.works, s.amountCents);
    return {
      id,
      ...input,
      distributableCents: split.distributableCents,
      totalWorks,
      shares: split.shares,
      replayed: false,
    };
  });
}
