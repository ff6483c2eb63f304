import type { Db } from '../db/index.js';

/**
 * A @fastify/rate-limit store in the database, so a limit hit on one app server holds on every
 * other (the library's default store counts per process). One fixed window per key; the
 * increment and the window reset are one upsert, so parallel requests never lose a hit.
 * Expired rows are pruned now and then by the same statement's callers (see prune).
 */
type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

const INCR = `
INSERT INTO rate_limit_counters AS c (key, hits, window_end)
VALUES ($1, 1, now() + ($2::int * interval '1 millisecond'))
ON CONFLICT (key) DO UPDATE SET
  hits = CASE WHEN c.window_end <= now() THEN 1 ELSE c.hits + 1 END,
  window_end = CASE WHEN c.window_end <= now() THEN now() + ($2::int * interval '1 millisecond') ELSE c.window_end END
RETURNING hits, GREATEST(0, (EXTRACT(EPOCH FROM (window_end - now())) * 1000))::float8 AS ttl`;

const READ = `SELECT hits, GREATEST(0, (EXTRACT(EPOCH FROM (window_end - now())) * 1000))::float8 AS ttl
FROM rate_limit_counters WHERE key = $1 AND window_end > now()`;

const PRUNE_EVERY = 1000;

/** The store class @fastify/rate-limit instantiates (`store: dbRateLimitStore(db)`). */
export function dbRateLimitStore(db: Db) {
  let sincePrune = 0;
  return class DbRateLimitStore {
    constructor(
      _params?: unknown,
      private readonly prefix = 'global:',
    ) {}

    incr(key: string, cb: Callback, timeWindow: number): void {
      if (++sincePrune >= PRUNE_EVERY) {
        sincePrune = 0;
        void db.query('DELETE FROM rate_limit_counters WHERE window_end < now()').catch(() => undefined);
      }
      db.query<{ hits: number; ttl: number }>(INCR, [this.prefix + key, Math.max(1, Math.round(timeWindow))])
        .then((r) => cb(null, { current: Number(r.rows[0].hits), ttl: Math.round(Number(r.rows[0].ttl)) }))
        .catch((e) => cb(e as Error));
    }

    read(key: string, cb: Callback): void {
      db.query<{ hits: number; ttl: number }>(READ, [this.prefix + key])
        .then((r) => cb(null, r.rows[0] ? { current: Number(r.rows[0].hits), ttl: Math.round(Number(r.rows[0].ttl)) } : { current: 0, ttl: 0 }))
        .catch((e) => cb(e as Error));
    }

    /** Each limited route counts apart, like the library's own stores. */
    child(routeOptions: { routeInfo?: { method?: string; url?: string } }) {
      const r = routeOptions.routeInfo ?? {};
      return new DbRateLimitStore(undefined, `${r.method ?? ''} ${r.url ?? ''}:`);
    }
  };
}
