import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../helpers/app.js';
import { FAST, servicesOf, waitFor, waitForJob } from '../helpers/jobs.js';
import { defineTask, enqueue, startWorker, type Worker, type WorkerOptions } from '../../server/src/jobs/index.js';
import { findJob } from '../../server/src/repositories/jobs.js';

/** Runs, results, retries with backoff, dedupe keys and transactions, on the engine under test. */
defineTask<{ n: number }>('test.echo', async (p, ctx) => {
  await ctx.progress(50, '计算中');
  return { doubled: p.n * 2, attempt: ctx.attempt };
});

const flakyStarts = new Map<number, number[]>();
defineTask<{ succeedOn: number }>(
  'test.flaky',
  async (p, ctx) => {
    flakyStarts.set(ctx.jobId, [...(flakyStarts.get(ctx.jobId) ?? []), Date.now()]);
    if (ctx.attempt < p.succeedOn) throw new Error(`第${ctx.attempt}次失败`);
    return 'ok';
  },
  { maxAttempts: 3, backoff: { baseMs: 300, maxMs: 5_000 } },
);

describe('job queue: run, retry, dedupe', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let worker: Worker | undefined;
  const start = (opts: WorkerOptions = {}) => (worker = startWorker(servicesOf(t.app), { ...FAST, ...opts }));
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterEach(async () => {
    await worker?.stop(1000);
    worker = undefined;
  });
  afterAll(() => t?.close());

  it('runs a job once and records its result, progress and owner', async () => {
    const owner = await makeUser(t.db);
    const { id, created } = await enqueue(t.db, 'test.echo', { n: 21 }, { ownerId: owner.id });
    expect(created).toBe(true);
    expect((await findJob(t.db, id))!.state).toBe('queued');
    start();
    const job = await waitForJob(t.db, id, ['succeeded', 'failed']);
    expect(job).toMatchObject({
      state: 'succeeded',
      result: { doubled: 42, attempt: 1 },
      attempts: 1,
      progress: 100,
      progressMessage: '计算中',
      ownerId: owner.id,
      lockedBy: null,
      lastError: null,
    });
    expect(job.finishedAt).toBeInstanceOf(Date);
  });

  it('retries a failing job with growing, jittered delays, then fails it with the last error', async () => {
    const { id } = await enqueue(t.db, 'test.flaky', { succeedOn: 99 });
    start();
    // Between attempts the job waits in the queue with run_at in the future and the error recorded.
    const waiting = await waitFor(
      async () => {
        const j = await findJob(t.db, id);
        return j?.state === 'queued' && j.attempts === 1 ? j : null;
      },
      5000,
      'first failure',
    );
    expect(waiting.lastError).toBe('第1次失败');
    expect(waiting.runAt.getTime()).toBeGreaterThan(waiting.updatedAt.getTime());
    const job = await waitForJob(t.db, id, ['failed']);
    expect(job).toMatchObject({ attempts: 3, lastError: '第3次失败', lockedBy: null });
    const starts = flakyStarts.get(id)!;
    expect(starts).toHaveLength(3);
    // Equal jitter: retry n waits between half and all of 300 ms * 2^(n-1).
    expect(starts[1] - starts[0]).toBeGreaterThanOrEqual(150 - 5);
    expect(starts[2] - starts[1]).toBeGreaterThanOrEqual(300 - 5);
  });

  it('a retry that succeeds ends succeeded with the attempts it took', async () => {
    const { id } = await enqueue(t.db, 'test.flaky', { succeedOn: 2 });
    start();
    expect(await waitForJob(t.db, id, ['succeeded', 'failed'])).toMatchObject({
      state: 'succeeded',
      attempts: 2,
      result: 'ok',
    });
  });

  it('a dedupe key names one unfinished job; once it finished the key is free again', async () => {
    const a = await enqueue(t.db, 'test.echo', { n: 1 }, { dedupeKey: 'material:7' });
    const b = await enqueue(t.db, 'test.echo', { n: 2 }, { dedupeKey: 'material:7' });
    expect(b).toEqual({ id: a.id, created: false });
    // Another task may use the same key.
    expect((await enqueue(t.db, 'test.flaky', { succeedOn: 1 }, { dedupeKey: 'material:7' })).created).toBe(true);
    start();
    expect((await waitForJob(t.db, a.id, ['succeeded'])).result).toEqual({ doubled: 2, attempt: 1 });
    const c = await enqueue(t.db, 'test.echo', { n: 3 }, { dedupeKey: 'material:7' });
    expect(c.created).toBe(true);
    expect(c.id).not.toBe(a.id);
  });

  it('enqueue inside a transaction: the job exists only if the transaction commits', async () => {
    let kept = 0;
    await t.db.tx(async (q) => {
      kept = (await enqueue(q, 'test.echo', { n: 5 })).id;
    });
    await expect(
      t.db.tx(async (q) => {
        await enqueue(q, 'test.echo', { n: 6 }, { dedupeKey: 'rolled-back' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect((await t.db.query("SELECT count(*)::int AS n FROM jobs WHERE dedupe_key = 'rolled-back'")).rows[0].n).toBe(
      0,
    );
    start();
    expect((await waitForJob(t.db, kept, ['succeeded'])).result).toEqual({ doubled: 10, attempt: 1 });
  });

  it('waits for run_at before running a job', async () => {
    const runAt = new Date(Date.now() + 600);
    const { id } = await enqueue(t.db, 'test.echo', { n: 4 }, { runAt });
    start();
    await new Promise((r) => setTimeout(r, 300));
    expect((await findJob(t.db, id))!.state).toBe('queued');
    const job = await waitForJob(t.db, id, ['succeeded']);
    expect(job.updatedAt.getTime()).toBeGreaterThanOrEqual(runAt.getTime() - 5);
  });

  it('refuses to enqueue a task nobody defined', async () => {
    await expect(enqueue(t.db, 'test.no-such-task', {})).rejects.toThrow(/not defined/);
  });
});
