import type { Queryable } from '../db/index.js';

/**
 * Fixed-window counters in rate_limit_counters (shared with the HTTP rate-limit store, under their
 * own key prefixes): one upsert counts and resets, so parallel requests never lose a count.
 */
const HIT = `
INSERT INTO rate_limit_counters AS c (key, hits, window_end)
VALUES ($1, 1, now() + ($2::int * interval '1 millisecond'))
ON CONFLICT (key) DO UPDATE SET
  hits = CASE WHEN c.window_end <= now() THEN 1 ELSE c.hits + 1 END,
  window_end = CASE WHEN c.window_end <= now() THEN now() + ($2::int * interval '1 millisecond') ELSE c.window_end END
RETURNING hits`;

/** Counts one use of key in its window (windowMs long from the first use) and returns the count so far. */
export async function countInWindow(q: Queryable, key: string, windowMs: number): Promise<number> {
  const r = await q.query<{ hits: number }>(HIT, [key, Math.max(1, Math.round(windowMs))]);
  return Number(r.rows[0].hits);
}
