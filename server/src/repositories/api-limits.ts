import type { Queryable } from '../db/index.js';

/**
 * Budgets of API keys (licences per day, spend per month) in rate_limit_counters, the store every
 * app server shares. Unlike a request count, a budget is only taken when it fits: one conditional
 * upsert adds `amount` while the window's total stays within `max`, so parallel purchases can never
 * pass it together. Run inside the purchase's transaction, a refused payment gives the amount back.
 */
const TAKE = `
INSERT INTO rate_limit_counters AS c (key, hits, window_end)
SELECT $1, $2::int, now() + ($4::bigint * interval '1 millisecond') WHERE $2::int <= $3::int
ON CONFLICT (key) DO UPDATE SET
  hits = CASE WHEN c.window_end <= now() THEN $2::int ELSE c.hits + $2::int END,
  window_end = CASE WHEN c.window_end <= now() THEN now() + ($4::bigint * interval '1 millisecond') ELSE c.window_end END
WHERE (CASE WHEN c.window_end <= now() THEN $2::int ELSE c.hits + $2::int END) <= $3::int
RETURNING hits`;

/** Takes amount from the budget at key (max per windowMs); when it does not fit, the ms until the window ends. */
export async function takeBudget(
  q: Queryable,
  key: string,
  amount: number,
  max: number,
  windowMs: number,
): Promise<{ ok: true } | { ok: false; retryAfterMs: number }> {
  const r = await q.query(TAKE, [key, amount, max, Math.max(1, Math.round(windowMs))]);
  if (r.rows.length) return { ok: true };
  const left = await q.query<{ ttl: number }>(
    `SELECT GREATEST(0, EXTRACT(EPOCH FROM (window_end - now())) * 1000)::float8 AS ttl FROM rate_limit_counters WHERE key = $1`,
    [key],
  );
  return { ok: false, retryAfterMs: Math.round(Number(left.rows[0]?.ttl ?? windowMs)) };
}
