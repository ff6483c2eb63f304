import type { Db } from '../db/index.js';
import { hitWindow } from '../repositories/usage-windows.js';

/**
 * A @fastify/rate-limit store in the database, so a limit hit on one app server holds on every
 * other (the library's default store counts per process). One fixed window per key; the
 * increment and the window reset are one upsert, so parallel requests never lose a hit.
 * Expired rows are pruned now and then by the same statement's callers (see prune).
 */
type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

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
      hitWindow(db, this.prefix + key, timeWindow)
        .then((r) => cb(null, { current: r.hits, ttl: r.ttlMs }))
        .catch((e) => cb(e as Error));
    }

    read(key: string, cb: Callback): void {
      db.query<{ hits: number; ttl: number }>(READ, [this.prefix + key])
        .then((r) =>
          cb(
            null,
            r.rows[0]
              ? { current: Number(r.rows[0].hits), ttl: Math.round(Number(r.rows[0].ttl)) }
              : { current: 0, ttl: 0 },
          ),
        )
        .catch((e) => cb(e as Error));
    }

    /** Each limited route counts apart, like the library's own stores. */
    child(routeOptions: { routeInfo?: { method?: string; url?: string } }) {
      const r = routeOptions.routeInfo ?? {};
      return new DbRateLimitStore(undefined, `${r.method ?? ''} ${r.url ?? ''}:`);
    }
  };
}
