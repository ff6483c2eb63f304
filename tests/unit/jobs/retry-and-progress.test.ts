import { afterEach, describe, expect, it, vi } from 'vitest';
import { retryDelayMs } from '../../../server/src/jobs/backoff';
import { throttledProgress } from '../../../server/src/jobs/progress';

describe('retry delay', () => {
  const backoff = { baseMs: 1000, maxMs: 30_000 };
  it('doubles per attempt, is capped, and keeps at least half of the exponential step (equal jitter)', () => {
    expect([1, 2, 3, 4].map((a) => retryDelayMs(a, backoff, () => 0))).toEqual([500, 1000, 2000, 4000]);
    expect([1, 2, 3, 4].map((a) => retryDelayMs(a, backoff, () => 1))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(20, backoff, () => 1)).toBe(30_000);
    expect(retryDelayMs(20, backoff, () => 0)).toBe(15_000);
  });
  it('spreads jobs that failed together', () => {
    const delays = new Set(Array.from({ length: 50 }, () => retryDelayMs(3, backoff)));
    expect(delays.size).toBeGreaterThan(10);
  });
});

describe('throttled progress', () => {
  afterEach(() => vi.useRealTimers());

  it('writes the first report at once, then at most one per interval with the latest value', async () => {
    vi.useFakeTimers();
    const writes: Array<[number, string | null]> = [];
    const p = throttledProgress(async (pct, msg) => void writes.push([pct, msg]), 500);
    await p.report(10, '开始');
    for (let i = 11; i <= 40; i++) await p.report(i);
    expect(writes).toEqual([[10, '开始']]);
    await vi.advanceTimersByTimeAsync(500);
    // The burst's last value; no message means "keep the stored one" (coalesce in the UPDATE).
    expect(writes).toEqual([
      [10, '开始'],
      [40, null],
    ]);
    await p.report(50, '一半');
    await p.report(60);
    await vi.advanceTimersByTimeAsync(500);
    // Within a burst a later report without message does not drop an earlier one.
    expect(writes.at(-1)).toEqual([60, '一半']);
    await p.report(150.4, '完成');
    await vi.advanceTimersByTimeAsync(500);
    expect(writes.at(-1)).toEqual([100, '完成']);
  });

  it('drops a pending write once stopped', async () => {
    vi.useFakeTimers();
    const writes: number[] = [];
    const p = throttledProgress(async (pct) => void writes.push(pct), 500);
    await p.report(1);
    await p.report(2);
    p.stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(writes).toEqual([1]);
  });
});
