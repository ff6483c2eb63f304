import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/index.js';

/**
 * GIN indexes take new entries into a pending list (fastupdate) that every scan of the index reads
 * whole, until a VACUUM or autovacuum merges it. PGlite has no autovacuum, so the lists only grow,
 * to 4 MB per index, and every search read them: the search benchmark's PGlite catalogue had 200-450
 * pending pages in five of its indexes, and a title read cost 15 ms per bucket instead of 1.
 * gin_clean_pending_list merges them without the rest of a VACUUM (which on PGlite would hold the
 * only connection for as long as it took).
 */
export async function cleanGinPendingLists(db: Queryable): Promise<number> {
  const indexes = await db.query<{ name: string }>(
    `SELECT c.oid::regclass::text AS name
     FROM pg_class c JOIN pg_am a ON a.oid = c.relam JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE a.amname = 'gin' AND c.relkind = 'i' AND n.nspname = current_schema()`,
  );
  let pages = 0;
  for (const { name } of indexes.rows) {
    const r = await db.query<{ pages: number }>('SELECT gin_clean_pending_list($1::regclass) AS pages', [name]);
    pages += Number(r.rows[0].pages);
  }
  return pages;
}

/** How often PGlite's pending lists are merged: small lists merge in milliseconds. */
const INTERVAL_MS = 5 * 60_000;

/** On PGlite, merges GIN pending lists shortly after start and then every few minutes. */
export function registerGinMaintenance(app: FastifyInstance): void {
  if (app.db.kind !== 'pglite' || app.config.env === 'test') return;
  let timer: NodeJS.Timeout | undefined;
  let first: NodeJS.Timeout | undefined;
  const run = () =>
    void cleanGinPendingLists(app.db)
      .then((pages) => pages && app.log.info({ pages }, 'GIN pending lists merged'))
      .catch((err) => app.log.warn({ err }, 'merging GIN pending lists failed'));
  app.addHook('onReady', async () => {
    timer = setInterval(run, INTERVAL_MS);
    timer.unref();
    first = setTimeout(run, 10_000);
    first.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearTimeout(first);
  });
}
