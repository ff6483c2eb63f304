import type { Queryable } from '../db/index.js';

/**
 * Fixed-window counters in rate_limit_counters (the HTTP rate-limit store, the hourly capture
 * limit; each under its own key prefix): one upsert counts and resets, so parallel requests never
 * lose a count.
 */
const HIT = `
INSERT INTO rate_limit_counters AS c (key, hits, window_end)
VALUES ($1, 1, now() + ($2::int * interval '1 millisecond'))
ON CONFLICT (key) DO UPDATE SET
  hits = CASE WHEN c.window_end <= now() THEN 1 ELSE c.hits + 1 END,
  window_end = CASE WHEN c.window_end <= now() THEN now() + ($2::int * interval '1 millisecond') ELSE c.window_end END
RETURNING hits, GREATEST(0, (EXTRACT(EPOCH FROM (window_end - now())) * 1000))::float8 AS ttl`;

/** Counts one use of key in its window (windowMs long from the first use): the count so far and the ms left. */
export async function hitWindow(q: Queryable, key: string, windowMs: number): Promise<{ hits: number; ttlMs: number }> {
  const r = await q.query<{ hits: number; ttl: number }>(HIT, [key, Math.max(1, Math.round(windowMs))]);
  return { hits: Number(r.rows[0].hits), ttlMs: Math.round(Number(r.rows[0].ttl)) };
}

/** Counts one use of key in its window and returns the count so far. */
export async function countInWindow(q: Queryable, key: string, windowMs: number): Promise<number> {
  return (await hitWindow(q, key, windowMs)).hits;
}
