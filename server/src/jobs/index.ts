/**
 * server/src/jobs: the durable job queue, kept in the product's own database (table `jobs`,
 * migration 500) so it works the same on embedded PGlite (one connection, jobs run in the app
 * process) and on PostgreSQL (many app servers, `npm run worker` processes).
 *
 * Belongs here: task definitions' machinery, enqueue, the worker loop, retry policy, the worker
 * entry. Does not belong here: the tasks themselves (they live with their feature and register
 * with defineTask; server/src/tasks.ts imports them), HTTP (routes/jobs.ts), SQL (repositories/jobs.ts).
 *
 * Why our own queue and not graphile-worker or pg-boss: pg-boss 12 needs Node >= 22.12 and
 * graphile-worker 0.18 Node >= 22.18 (these machines run Node 20); graphile-worker 0.17 needs real
 * pg connections, which PGlite offers only through @electric-sql/pglite-socket (pinned to another
 * PGlite release, one client at a time), and it deletes finished jobs, while we keep state,
 * progress, result and owner for GET /api/jobs/:id. The part of those libraries we need is small:
 * `UPDATE ... WHERE id IN (SELECT ... FOR UPDATE SKIP LOCKED)` to claim, a lease (locked_by +
 * attempt) on every write, a heartbeat and a sweep for dead workers, NOTIFY to wake workers.
 *
 * Using it (see docs/jobs.md):
 *
 *   // my-feature/tasks.ts, imported from server/src/tasks.ts
 *   export const MAKE_PREVIEW = 'media.preview';
 *   defineTask<{ uploadId: number }>(MAKE_PREVIEW, async (payload, ctx) => {
 *     await ctx.progress(10, '正在转码');           // persisted (throttled), shown to the owner
 *     await transcode(payload.uploadId, { signal: ctx.signal }); // abort on shutdown/timeout/cancel
 *     return { previewKey };                          // stored as the job's result
 *   }, { maxAttempts: 3, timeoutMs: 10 * 60_000, concurrency: 1 });
 *
 *   // in a route, inside the transaction that creates the upload row:
 *   const { id } = await enqueue(q, MAKE_PREVIEW, { uploadId }, { ownerId: user.id, dedupeKey: `upload:${uploadId}` });
 *
 * Handlers must be idempotent: a job runs at least once (a worker can die after the work and
 * before recording it). Throwing fails the attempt; it is retried with exponential backoff and
 * jitter until maxAttempts, then the job is `failed` with the error text.
 */
export { defineTask, taskDefinition, definedTaskNames } from './registry.js';
export { enqueue, type EnqueueOptions } from './enqueue.js';
export { startWorker, type Worker, type WorkerOptions } from './worker.js';
export { runUntilIdle } from './drain.js';
export { retryDelayMs } from './backoff.js';
export * from './types.js';
