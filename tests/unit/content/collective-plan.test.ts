import { describe, expect, it } from 'vitest';
import { collectivePlanOf, collectivePlanProblems, poolShares } from '../../../src/schemas/cyprotect/collective-plan';
import bundled from '../../../src/schemas/cyprotect/collective-plan.json';

describe('collective pool share formula', () => {
  it('the platform keeps its percent; the rest follows works in the pool, rounded down, never more than distributable', () => {
    const r = poolShares(1_000_000, 30, [
      { userId: 1, works: 1 },
      { userId: 2, works: 2 },
      { userId: 3, works: 0 },
    ]);
    expect(r.distributableCents).toBe(700_000);
    // 700000 * 1/3 = 233333.33 -> 233333; 2/3 -> 466666; one cent stays with the platform.
    expect(r.shares).toEqual([
      { userId: 1, works: 1, amountCents: 233_333 },
      { userId: 2, works: 2, amountCents: 466_666 },
    ]);
    expect(r.shares.reduce((s, x) => s + x.amountCents, 0)).toBeLessThanOrEqual(r.distributableCents);
  });

  it('percents with two decimals are exact; an empty pool shares nothing', () => {
    expect(poolShares(10_001, 12.5, [{ userId: 1, works: 3 }]).distributableCents).toBe(8750);
    expect(poolShares(500, 30, []).shares).toEqual([]);
  });

  it('the bundled rule is usable and bad edits are refused in Chinese', () => {
    expect(collectivePlanProblems(bundled)).toEqual([]);
    expect(collectivePlanOf(bundled)).toEqual({
      poolPriceCents: 1_000_000,
      platformPercent: 30,
      noticeDays: 30,
      maxWorksPerMember: 200,
    });
    expect(collectivePlanProblems({ 'x-collective': { ...bundled['x-collective'], platformPercent: 120 } })).toEqual([
      '平台服务费比例必须在 0 到 100 之间',
    ]);
    expect(collectivePlanProblems({})).toEqual(['缺少集体计划规则（x-collective）']);
  });
});
