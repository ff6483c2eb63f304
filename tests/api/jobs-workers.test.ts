import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp } from '../helpers/app.js';
import { FAST, servicesOf, waitFor, waitForJob } from '../helpers/jobs.js';
import { defineTask, enqueue, startWorker, type Worker, type WorkerOptions } from '../../server/src/jobs/index.js';
import { cancelJob, findJob } from '../../server/src/repositories/jobs.js';

/** Leases and the ways a running job ends: dead workers, heartbeats, timeouts, shutdown, cancel. */
const runs = new Map<number, number>();
const count = (id: number) => runs.set(id, (runs.get(id) ?? 0) + 1);

defineTask('test.quick', async (_p, ctx) => {
  count(ctx.jobId);
  return { attempt: ctx.attempt };
});
defineTask<{ ms: number }>('test.slow', async (p, ctx) => {
  count(ctx.jobId);
  await new Promise((r) => setTimeout(r, p.ms));
  return 'done';
});
/** Stops only when its signal aborts; records why. */
const abortReasons = new Map<number, string>();
defineTask('test.until-aborted', async (_p, ctx) => {
  count(ctx.jobId);
  await new Promise<void>((_, reject) =>
    ctx.signal.addEventListener('abort', () => {
      abortReasons.set(ctx.jobId, (ctx.signal.reason as Error).message);
      reject(ctx.signal.reason);
    }),
  );
});
/** Ignores its signal entirely: the worker must still give up on it. */
defineTask('test.stuck', () => new Promise(() => undefined), { timeoutMs: 150, maxAttempts: 1 });

describe('job workers: leases, heartbeats, timeouts, shutdown, cancel', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let worker: Worker | undefined;
  const start = (opts: WorkerOptions = {}) => (worker = startWorker(servicesOf(t.app), { ...FAST, ...opts }));
  /** What a worker that died mid-job leaves behind: running, locked, heartbeat long ago. */
  const orphan = async (task: string, attempts: number, maxAttempts = 5) => {
    const { id } = await enqueue(t.db, task, {}, { maxAttempts });
    await t.db.query(
      "UPDATE jobs SET state = 'running', attempts = $2, locked_by = 'dead-host:1:abc', locked_at = now() - interval '10 minutes' WHERE id = $1",
      [id, attempts],
    );
    return id;
  };
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterEach(async () => {
    await worker?.stop(1000);
    worker = undefined;
  });
  afterAll(() => t?.close());

  it('picks up the job of a dead worker (stale heartbeat) and runs it again', async () => {
    const id = await orphan('test.quick', 1);
    start({ staleMs: 1000 });
    const job = await waitForJob(t.db, id, ['succeeded', 'failed']);
    expect(job).toMatchObject({ state: 'succeeded', attempts: 2, result: { attempt: 2 }, lockedBy: null });
    expect(job.lastError).toMatch(/心跳超时/);
    expect(runs.get(id)).toBe(1);
  });

  it("fails a dead worker's job that has no attempt left instead of running it again", async () => {
    const id = await orphan('test.quick', 2, 2);
    start({ staleMs: 1000 });
    const job = await waitForJob(t.db, id, ['succeeded', 'failed']);
    expect(job.state).toBe('failed');
    expect(job.lastError).toMatch(/心跳超时/);
    expect(runs.get(id)).toBeUndefined();
  });

  it('leaves a job with a fresh heartbeat to its worker', async () => {
    const { id } = await enqueue(t.db, 'test.quick', {});
    await t.db.query(
      "UPDATE jobs SET state = 'running', attempts = 1, locked_by = 'live-host:1:abc', locked_at = now() WHERE id = $1",
      [id],
    );
    start({ staleMs: 2000 });
    await new Promise((r) => setTimeout(r, 500));
    expect(await findJob(t.db, id)).toMatchObject({ state: 'running', lockedBy: 'live-host:1:abc' });
  });

  it('heartbeats keep a job that runs longer than the stale limit from being taken over', async () => {
    const { id } = await enqueue(t.db, 'test.slow', { ms: 2500 });
    // Two workers: without heartbeats the second would treat the first's job as orphaned after 1 s.
    // (400 ms was too close: on a loaded 2-core run one heartbeat, 50 ms apart, came 400 ms late.)
    start({ staleMs: 1000 });
    const second = startWorker(servicesOf(t.app), { ...FAST, staleMs: 1000 });
    try {
      expect(await waitForJob(t.db, id, ['succeeded', 'failed'])).toMatchObject({ state: 'succeeded', attempts: 1 });
      expect(runs.get(id)).toBe(1);
    } finally {
      await second.stop(1000);
    }
  });

  it('a worker never reaps its own running job, however late its heartbeat; another worker does', async () => {
    const { id } = await enqueue(t.db, 'test.slow', { ms: 1500 });
    // Heartbeats every 10 s stand for an event loop that lags past the stale limit (300 ms).
    start({ staleMs: 300, heartbeatMs: 10_000 });
    await waitFor(async () => (await findJob(t.db, id))?.state === 'running');
    await new Promise((r) => setTimeout(r, 900));
    expect(await findJob(t.db, id)).toMatchObject({ state: 'running', attempts: 1 });
    expect(await waitForJob(t.db, id, ['succeeded', 'failed'])).toMatchObject({ state: 'succeeded', attempts: 1 });
    expect(runs.get(id)).toBe(1);
    // The same lag seen from another worker is a dead lease: it is returned to the queue.
    const other = await enqueue(t.db, 'test.slow', { ms: 1500 });
    await t.db.query(
      "UPDATE jobs SET state = 'running', attempts = 1, locked_by = 'other-host:1:abc', locked_at = now() - interval '1 second' WHERE id = $1",
      [other.id],
    );
    expect(await waitForJob(t.db, other.id, ['succeeded', 'failed'])).toMatchObject({
      state: 'succeeded',
      attempts: 2,
    });
  });

  it('aborts an attempt that exceeds its timeout, even when the handler ignores the signal', async () => {
    const { id } = await enqueue(t.db, 'test.stuck', {});
    start();
    const job = await waitForJob(t.db, id, ['failed']);
    expect(job.lastError).toMatch(/超时/);
    // The slot is freed just after the failure is stored (the attempt's promise settles a turn later;
    // on PostgreSQL the test's poll once saw the row first): freed soon, though the handler never returns.
    await expect.poll(() => worker!.running(), { timeout: 5000 }).toBe(0);
  });

  it('on shutdown lets short jobs finish, then aborts long ones and queues them again without spending an attempt', async () => {
    const short = await enqueue(t.db, 'test.slow', { ms: 150 });
    const long = await enqueue(t.db, 'test.until-aborted', {});
    start({ concurrency: 4 });
    await waitFor(
      async () =>
        (await findJob(t.db, long.id))?.state === 'running' && (await findJob(t.db, short.id))?.state === 'running',
      5000,
      'both running',
    );
    await worker!.stop(500);
    worker = undefined;
    expect((await findJob(t.db, short.id))!.state).toBe('succeeded');
    expect(await findJob(t.db, long.id)).toMatchObject({ state: 'queued', attempts: 0, lockedBy: null });
    expect(abortReasons.get(long.id)).toMatch(/服务停止/);
    // The next worker runs it again.
    start();
    await waitFor(async () => (runs.get(long.id) ?? 0) >= 2, 5000, 'second run');
    await cancelJob(t.db, long.id);
  });

  it('staff cancel of a running job aborts its handler and the job stays cancelled', async () => {
    const { id } = await enqueue(t.db, 'test.until-aborted', {});
    start();
    await waitForJob(t.db, id, ['running']);
    await cancelJob(t.db, id);
    await waitFor(async () => abortReasons.get(id), 5000, 'abort after cancel');
    expect(abortReasons.get(id)).toMatch(/取消/);
    await new Promise((r) => setTimeout(r, 200));
    expect(await findJob(t.db, id)).toMatchObject({ state: 'cancelled', attempts: 1 });
  });
});
