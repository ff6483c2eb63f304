/**
 * The upload sweep: expires unfinished uploads past their time and deletes their chunks, re-runs
 * assemblies whose process died, and deletes chunk objects no unfinished upload owns (left by a
 * crash between completing and cleaning up). It is a recurring task of the durable job queue
 * (server/src/jobs), so it runs on whichever worker is free, once per period however many app
 * servers there are, and survives restarts; no timer lives in an app process.
 */
import { discardSpool } from './spool.js';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/index.js';
import { defineTask, enqueue } from '../../jobs/index.js';
import { expireUploads, finishedAmong, releaseStaleAssemblies } from '../../repositories/uploads.js';
import { deleteChunkObjects, tryAssemble, type UploadServices } from './assemble.js';
import { UPLOAD_LIMITS } from './limits.js';

export const UPLOAD_SWEEP_TASK = 'uploads.sweep';

export interface SweepResult {
  expired: string[];
  reassembled: string[];
  orphaned: string[];
}

export async function sweepUploads(app: UploadServices, opts: { staleSeconds?: number } = {}): Promise<SweepResult> {
  const expired = await expireUploads(app.db);
  for (const id of expired) {
    discardSpool(id);
    await deleteChunkObjects(app, id);
  }

  const reassembled = await releaseStaleAssemblies(app.db, opts.staleSeconds ?? UPLOAD_LIMITS.staleAssemblySeconds);
  for (const id of reassembled) {
    // A refusal or a transient fault is recorded on the upload itself; the sweep goes on.
    await tryAssemble(app, id).catch((err) => app.log.warn({ err, uploadId: id }, 'sweep: assembly did not complete'));
  }

  const idsWithChunks = [...new Set((await app.storage.list('chunks/')).map((k) => k.split('/')[1]))];
  const orphaned = await finishedAmong(app.db, idsWithChunks);
  for (const id of orphaned) await deleteChunkObjects(app, id);
  return { expired, reassembled, orphaned };
}

/**
 * Schedules the sweep of period `slot` (time divided by the interval). The dedupe key is the slot,
 * so app servers and the sweep itself that schedule the same period get one job between them.
 */
export async function scheduleUploadSweep(
  q: Queryable,
  slot: number,
  runAt: Date,
  intervalMs = UPLOAD_LIMITS.sweepIntervalMs,
) {
  return enqueue(q, UPLOAD_SWEEP_TASK, { slot, intervalMs }, { runAt, dedupeKey: `slot:${slot}` });
}

defineTask<{ slot: number; intervalMs: number }>(
  UPLOAD_SWEEP_TASK,
  async (p, ctx) => {
    // The next period is queued before this one's work, so a failing sweep never ends the chain.
    const next = p.slot + 1;
    await scheduleUploadSweep(ctx.db, next, new Date(next * p.intervalMs), p.intervalMs);
    const r = await sweepUploads(ctx);
    if (r.expired.length || r.reassembled.length || r.orphaned.length) ctx.log.info(r, 'upload sweep');
    return { expired: r.expired.length, reassembled: r.reassembled.length, orphaned: r.orphaned.length };
  },
  { maxAttempts: 3, timeoutMs: 5 * 60_000, concurrency: 1 },
);

/** At start, queue a sweep of the current period shortly after (recovers what a crash left); it then re-queues itself every period. */
export function registerUploadSweep(app: FastifyInstance, intervalMs = UPLOAD_LIMITS.sweepIntervalMs): void {
  app.addHook('onReady', async () => {
    if (app.config.env === 'test') return; // tests call sweepUploads or schedule it themselves
    const slot = Math.floor(Date.now() / intervalMs);
    await scheduleUploadSweep(app.db, slot, new Date(Date.now() + 5_000), intervalMs);
  });
}
