/**
 * The periodic upload sweep: expires unfinished uploads past their time and deletes their chunks,
 * re-runs assemblies whose process died, and deletes chunk objects no unfinished upload owns
 * (left by a crash between completing and cleaning up). Runs on a timer started by the app; a job
 * queue (server/src/jobs) can call sweepUploads on its schedule instead.
 */
import type { FastifyInstance } from 'fastify';
import { expireUploads, finishedAmong, releaseStaleAssemblies } from '../../repositories/uploads.js';
import { deleteChunkObjects, tryAssemble } from './assemble.js';
import { UPLOAD_LIMITS } from './limits.js';

export interface SweepResult {
  expired: string[];
  reassembled: string[];
  orphaned: string[];
}

export async function sweepUploads(app: FastifyInstance, opts: { staleSeconds?: number } = {}): Promise<SweepResult> {
  const expired = await expireUploads(app.db);
  for (const id of expired) await deleteChunkObjects(app, id);

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

/** Starts the sweep when the app is ready (first run shortly after start: recovers a crash) and stops it on close. */
export function registerUploadSweep(app: FastifyInstance, intervalMs = UPLOAD_LIMITS.sweepIntervalMs): void {
  let timer: NodeJS.Timeout | null = null;
  let first: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const run = () => {
    if (running) return;
    running = sweepUploads(app)
      .then((r) => {
        if (r.expired.length || r.reassembled.length || r.orphaned.length) app.log.info(r, 'upload sweep');
      })
      .catch((err) => app.log.warn({ err }, 'upload sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    if (app.config.env === 'test') return; // tests call sweepUploads themselves
    first = setTimeout(run, 5_000);
    first.unref();
    timer = setInterval(run, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (first) clearTimeout(first);
    if (timer) clearInterval(timer);
    await running;
  });
}
