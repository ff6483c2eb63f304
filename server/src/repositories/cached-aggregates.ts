import type { Db } from '../db/index.js';

/**
 * A catalogue-wide aggregate kept in cached_aggregates: every app server reads the same row, and
 * whichever finds it older than maxAgeMs recomputes and stores it, so all servers serve one value
 * (an in-process cache would let two servers behind a load balancer answer differently).
 */
export async function cachedAggregate<T>(
  db: Db,
  name: string,
  maxAgeMs: number,
  compute: () => Promise<T>,
): Promise<T> {
  const hit = await db.query<{ value: T }>(
    `SELECT value FROM cached_aggregates WHERE name = $1 AND computed_at > now() - ($2::int * interval '1 millisecond')`,
    [name, maxAgeMs],
  );
  if (hit.rows[0]) return hit.rows[0].value;
  const value = await compute();
  await db.query(
    `INSERT INTO cached_aggregates(name, value, computed_at) VALUES ($1, $2::jsonb, now())
     ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, computed_at = EXCLUDED.computed_at`,
    [name, JSON.stringify(value)],
  );
  return value;
}
