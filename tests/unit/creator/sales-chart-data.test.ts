import { describe, expect, it } from 'vitest';
import { earningsByWork, earningsOverTime } from '../../../src/pages/creator/sales/chart-data';

describe('sales chart series', () => {
  it('draws every day between the first and last sale, in yuan, days without sales at 0', () => {
    expect(
      earningsOverTime([
        { day: '2026-11-28', amountCents: 4495, count: 1 },
        { day: '2026-12-01', amountCents: 1000, count: 2 },
      ]),
    ).toEqual({ labels: ['2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01'], values: [44.95, 0, 0, 10] });
    expect(earningsOverTime([])).toEqual({ labels: [], values: [] });
  });

  it('sums per month when the span is longer than 120 days', () => {
    const s = earningsOverTime([
      { day: '2026-01-05', amountCents: 100, count: 1 },
      { day: '2026-01-20', amountCents: 250, count: 1 },
      { day: '2026-06-02', amountCents: 999, count: 1 },
    ]);
    expect(s.labels).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06']);
    expect(s.values).toEqual([3.5, 0, 0, 0, 0, 9.99]);
  });

  it('keeps the works in the order the server ranked them', () => {
    expect(
      earningsByWork([
        { materialId: 2, title: '雪山', amountCents: 5000, count: 1 },
        { materialId: null, title: '其他收益', amountCents: 120, count: 1 },
      ]),
    ).toEqual({ labels: ['雪山', '其他收益'], values: [50, 1.2] });
  });
});
