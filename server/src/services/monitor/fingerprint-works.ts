import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from '../../db/index.js';
import { defineTask, enqueue, type JobContext } from '../../jobs/index.js';
import type { ObjectStore } from '../../storage/index.js';
import {
  markFingerprintFailed,
  saveFingerprints,
  worksToFingerprint,
} from '../../repositories/monitor-fingerprints.js';
import { fingerprintImage } from '../fingerprint/image.js';
import { fingerprintVideo } from '../fingerprint/video.js';

/**
 * Fingerprints approved works for monitoring: a job of the durable queue takes the approved works
 * that have an original and no fingerprints yet (a sweep, so works approved by review, seeded or
 * uploaded all get one without a hook in each flow) and stores their PDQ hashes in the index.
 */
export const FINGERPRINT_TASK = 'monitor.fingerprint';
const BATCH = 50;

export async function fingerprintWork(
  db: Db,
  storage: ObjectStore,
  work: { id: number; type: number; original: string },
  signal?: AbortSignal,
): Promise<void> {
  const video = work.type === 1;
  try {
    const data = await storage.get(work.original);
    if (!video) {
      const fp = await fingerprintImage(data);
      await db.tx((q) =>
        saveFingerprints(q, work.id, 'image', [{ frame: 0, t: 0, hash: fp.hash, quality: fp.quality }]),
      );
      return;
    }
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'lumen-fp-'));
    try {
      const file = path.join(dir, 'original');
      await fs.promises.writeFile(file, data);
      const frames = await fingerprintVideo(file, signal);
      await db.tx((q) =>
        saveFingerprints(
          q,
          work.id,
          'video',
          frames.map((f) => ({ frame: f.index, t: f.t, hash: f.hash, quality: f.quality })),
        ),
      );
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  } catch (e) {
    if (signal?.aborted) throw e;
    await markFingerprintFailed(db, work.id, video ? 'video' : 'image', (e as Error).message);
  }
}

/** Fingerprints up to `limit` works still missing (some ids only, when given). Returns how many. */
export async function fingerprintPending(
  ctx: Pick<JobContext, 'db' | 'storage'> & Partial<Pick<JobContext, 'signal' | 'progress'>>,
  workIds?: number[],
  limit = BATCH,
): Promise<number> {
  const works = await worksToFingerprint(ctx.db, limit, workIds);
  for (const [i, w] of works.entries()) {
    ctx.signal?.throwIfAborted();
    await ctx.progress?.(Math.round((i / works.length) * 100), `正在计算作品指纹 ${i + 1}/${works.length}`);
    await fingerprintWork(ctx.db, ctx.storage, w, ctx.signal);
  }
  return works.length;
}

export function enqueueFingerprintSweep(q: Queryable, workIds?: number[]) {
  return enqueue(q, FINGERPRINT_TASK, { workIds: workIds ?? null }, { dedupeKey: workIds ? undefined : 'sweep' });
}

defineTask<{ workIds: number[] | null }>(
  FINGERPRINT_TASK,
  async (p, ctx) => {
    const n = await fingerprintPending(ctx, p.workIds ?? undefined);
    // A full batch means more may be waiting: queue the next batch (the sweep ends when none are left).
    if (!p.workIds && n === BATCH)
      await ctx.db.tx((q) => enqueue(q, FINGERPRINT_TASK, { workIds: null }, { runAt: new Date(Date.now() + 1_000) }));
    return { fingerprinted: n };
  },
  { maxAttempts: 3, timeoutMs: 15 * 60_000, concurrency: 1 },
);

/** At start (not in tests), queue a sweep so works approved while the server was down get fingerprinted. */
export function registerFingerprintSweep(app: FastifyInstance): void {
  app.addHook('onReady', async () => {
    if (app.config.env === 'test') return;
    await enqueueFingerprintSweep(app.db);
  });
}
