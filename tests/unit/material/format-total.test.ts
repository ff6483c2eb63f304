import { describe, expect, it } from 'vitest';
import { formatTotal } from '../../../src/components/material/format';

describe('formatTotal (the search result count)', () => {
  it('shows exact counts as they are, capped ones with a plus and estimates with 约', () => {
    expect(formatTotal({ total: 128, totalCapped: false, totalEstimated: false })).toBe('128');
    expect(formatTotal({ total: 10000, totalCapped: true, totalEstimated: false })).toBe('10000+');
    expect(formatTotal({ total: 23000, totalCapped: false, totalEstimated: true })).toBe('约 2.3万');
    expect(formatTotal({ total: 2300, totalCapped: false, totalEstimated: true })).toBe('约 2300');
    expect(formatTotal({ total: 360000, totalCapped: false, totalEstimated: true })).toBe('约 36万');
  });
});
