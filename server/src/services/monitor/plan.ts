import type { Db } from '../../db/index.js';
import { AppError } from '../../http/envelope.js';
import * as repo from '../../repositories/monitor.js';
import { consumeQuota, releaseQuota } from '../service-orders-quota.js';
import { MONITOR_LIMITS } from '../../../../src/schemas/cyprotect/monitor.js';
import { enqueueFingerprintSweep } from './fingerprint-works.js';

/**
 * A user's monitoring plan: works watched (one 版权监测 quota unit each, taken in the same
 * transaction that adds the work, so parallel adds never exceed what was bought) and sources.
 */
const quotaRef = (workId: number) => `monitor:work:${workId}`;

export async function addWorkToPlan(db: Db, userId: number, workId: number): Promise<{ added: boolean }> {
  const work = (
    await db.query<{ owner_id: string; status: number }>('SELECT owner_id, status FROM materials WHERE id = $1', [
      workId,
    ])
  ).rows[0];
  if (!work || Number(work.owner_id) !== userId) throw new AppError(404, '作品不存在或不属于您');
  return db.tx(async (q) => {
    const plan = await repo.ensurePlan(q, userId);
    const added = await repo.addPlanWork(q, plan.id, workId);
    if (added) {
      await consumeQuota(q, { userId, service: 'monitor', ref: quotaRef(workId) });
      await enqueueFingerprintSweep(q, [workId]);
    }
    return { added };
  });
}

export async function removeWorkFromPlan(db: Db, userId: number, workId: number): Promise<void> {
  await db.tx(async (q) => {
    const plan = await repo.planOf(q, userId);
    if (!plan || !(await repo.removePlanWork(q, plan.id, workId))) throw new AppError(404, '该作品不在监测计划中');
    await releaseQuota(q, { userId, service: 'monitor', ref: quotaRef(workId) });
  });
}

export async function addSourceToPlan(
  db: Db,
  userId: number,
  s: { name: string; url: string; maxDepth?: number },
): Promise<number> {
  let url: URL;
  try {
    url = new URL(s.url);
  } catch {
    throw new AppError(400, '网站地址格式不正确');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new AppError(400, '网站地址必须以 http:// 或 https:// 开头');
  const depth = s.maxDepth ?? 2;
  if (!Number.isInteger(depth) || depth < 0 || depth > MONITOR_LIMITS.maxDepth)
    throw new AppError(400, `抓取深度必须是 0 到 ${MONITOR_LIMITS.maxDepth} 的整数`);
  return db.tx(async (q) => {
    const plan = await repo.ensurePlan(q, userId);
    // Lock the plan row so parallel adds count the same sources.
    await q.query('SELECT id FROM monitor_plans WHERE id = $1 FOR UPDATE', [plan.id]);
    if ((await repo.planSources(q, plan.id)).length >= MONITOR_LIMITS.maxSources)
      throw new AppError(400, `每个监测计划最多 ${MONITOR_LIMITS.maxSources} 个监测来源`);
    const id = await repo.addSource(q, plan.id, { kind: 'web', name: s.name.trim(), url: url.href, maxDepth: depth });
    if (id === null) throw new AppError(409, '该网站已在监测来源中');
    return id;
  });
}
