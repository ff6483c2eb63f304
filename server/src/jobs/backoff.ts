/**
 * Delay before retry number `attempt` (1 = after the first failure): exponential, capped, with
 * "equal jitter" (half fixed, half random) so jobs that failed together do not retry together,
 * while the delay still grows with every attempt.
 */
export function retryDelayMs(
  attempt: number,
  backoff: { baseMs: number; maxMs: number },
  random: () => number = Math.random,
): number {
  const exp = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp / 2 + random() * (exp / 2));
}
