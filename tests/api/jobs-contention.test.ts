import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeTestDatabase } from '../helpers/app.js';
import { FAST, servicesOf, waitFor } from '../helpers/jobs.js';
import type { Db } from '../../server/src/db/index.js';
import { defineTask, enqueue, startWorker } from '../../server/src/jobs/index.js';

/**
 * Several workers claiming from one queue never run a job twice. On PostgreSQL each worker has
 * its own Db (its own pool of connections), as separate worker processes would; on PGlite they
 * share the one connection, as in-process workers do.
 */
const JOBS = 200;
const WORKERS = 3;
const runsByJob = new Map<number, string[]>();

defineTask(
  'test.contended',
  async (_p, ctx) => {
    runsByJob.set(ctx.jobId, [...(runsByJob.get(ctx.jobId) ?? []), (ctx.db as Db & { tag?: string }).tag ?? '?']);
    // A little real work on the worker's own connection, so claims overlap with running jobs.
    await ctx.db.query('SELECT pg_sleep(0.001)');
    return ctx.jobId;
  },
  { concurrency: 4 },
);

describe('job queue under contention', () => {
  const dbs: Db[] = [];
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let drop = async () => undefined as void;

  beforeAll(async () => {
    t = await makeTestApp();
    if (process.env.TEST_DATABASE_URL) {
      const d = await makeTestDatabase({ migrated: true });
      drop = d.drop;
      for (let i = 0; i < WORKERS; i++) dbs.push(await d.open());
    } else {
      for (let i = 0; i < WORKERS; i++) dbs.push(t.db);
    }
  });
  afterAll(async () => {
    if (process.env.TEST_DATABASE_URL) for (const db of dbs) await db.close();
    await drop();
    await t?.close();
  });

  it(`${JOBS} jobs, ${WORKERS} workers of 4 slots: every job runs exactly once and succeeds`, async () => {
    const ids: number[] = [];
    for (let i = 0; i < JOBS; i++) ids.push((await enqueue(dbs[0], 'test.contended', { i })).id);
    const workers = dbs.map((db, i) =>
      startWorker(servicesOf(t.app, Object.assign(Object.create(db), { tag: `w${i}` })), { ...FAST, concurrency: 4 }),
    );
    try {
      await waitFor(
        async () => {
          const r = await dbs[0].query<{ n: number }>(
            "SELECT count(*)::int AS n FROM jobs WHERE state IN ('queued', 'running')",
          );
          return r.rows[0].n === 0;
        },
        60_000,
        'queue to drain',
      );
    } finally {
      await Promise.all(workers.map((w) => w.stop(2000)));
    }
    const rows = (
      await dbs[0].query<{ id: number; state: string; attempts: number; result: number }>(
        'SELECT id, state, attempts, result FROM jobs ORDER BY id',
      )
    ).rows;
    expect(rows).toHaveLength(JOBS);
    expect(
      rows.filter((r) => r.state !== 'succeeded' || r.attempts !== 1 || Number(r.result) !== Number(r.id)),
    ).toEqual([]);
    expect(ids.filter((id) => runsByJob.get(id)?.length !== 1)).toEqual([]);
    // The work was shared, not done by one worker while the others idled.
    const perWorker = new Map<string, number>();
    for (const tags of runsByJob.values()) perWorker.set(tags[0], (perWorker.get(tags[0]) ?? 0) + 1);
    expect(perWorker.size).toBe(WORKERS);
  });
});
