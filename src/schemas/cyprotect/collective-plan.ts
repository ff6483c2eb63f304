import type { LumenSchema } from '../types';
import bundled from './collective-plan.json';

/**
 * The collective plan's rule (lumen:cyprotect/collective-plan) as values, and the pool-share
 * formula. Pure: the server distributes with it, the client explains it with the same numbers.
 */
export const COLLECTIVE_PLAN_ID = 'lumen:cyprotect/collective-plan';

export interface CollectivePlan {
  poolPriceCents: number;
  platformPercent: number;
  noticeDays: number;
  maxWorksPerMember: number;
}

export function collectivePlanOf(schema: LumenSchema | Record<string, any> = bundled): CollectivePlan {
  const v = (schema['x-collective'] ?? {}) as Partial<CollectivePlan>;
  return {
    poolPriceCents: Number(v.poolPriceCents),
    platformPercent: Number(v.platformPercent),
    noticeDays: Number(v.noticeDays),
    maxWorksPerMember: Number(v.maxWorksPerMember),
  };
}

const BOUNDS: Record<keyof CollectivePlan, { label: string; max: number; integer: boolean; min: number }> = {
  poolPriceCents: { label: '集体授权池价格', max: 1e10, integer: true, min: 0 },
  platformPercent: { label: '平台服务费比例', max: 100, integer: false, min: 0 },
  noticeDays: { label: '退出通知期', max: 365, integer: true, min: 0 },
  maxWorksPerMember: { label: '每位成员最多入池作品数', max: 10000, integer: true, min: 1 },
};

/** Chinese refusals for an edited rule ([] = usable); bounds fixed here so an edit cannot widen them. */
export function collectivePlanProblems(schema: Record<string, any>): string[] {
  const v = schema['x-collective'];
  if (!v || typeof v !== 'object' || Array.isArray(v)) return ['缺少集体计划规则（x-collective）'];
  const out: string[] = [];
  for (const [key, b] of Object.entries(BOUNDS)) {
    const n = v[key];
    if (typeof n !== 'number' || !Number.isFinite(n)) out.push(`${b.label}必须是数字`);
    else if (n < b.min || n > b.max) out.push(`${b.label}必须在 ${b.min} 到 ${b.max} 之间`);
    else if (b.integer && !Number.isInteger(n)) out.push(`${b.label}必须是整数`);
    else if (!b.integer && Math.round(n * 100) !== n * 100) out.push(`${b.label}最多保留两位小数`);
  }
  return out;
}

export interface PoolMember {
  userId: number;
  works: number;
}

/**
 * Splits one pool revenue: the platform keeps platformPercent; the rest is shared by works in the
 * pool (member's works / all works), each share rounded down to the cent. What rounding leaves
 * stays with the platform, so the shares never add up to more than the distributable amount.
 */
export function poolShares(
  amountCents: number,
  platformPercent: number,
  members: PoolMember[],
): { distributableCents: number; shares: Array<PoolMember & { amountCents: number }> } {
  const distributableCents = Math.floor((amountCents * Math.round((100 - platformPercent) * 100)) / 10000);
  const totalWorks = members.reduce((s, m) => s + m.works, 0);
  const shares = members
    .filter((m) => m.works > 0)
    .map((m) => ({ ...m, amountCents: totalWorks ? Math.floor((distributableCents * m.works) / totalWorks) : 0 }));
  return { distributableCents, shares };
}
