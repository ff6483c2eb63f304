import type { Queryable } from '../../db/index.js';
import { defineTask, enqueue } from '../../jobs/index.js';
import { failMedia, startMediaRow, uploadOriginalKey } from '../../repositories/media.js';
import { processMedia } from './pipeline.js';

/**
 * server/src/services/media: the media pipeline as a job-queue task. Entry point for the upload
 * work form and the seed: enqueueMediaProcessing, inside the transaction that creates the work.
 */
export const MEDIA_PROCESS_TASK = 'media.process';

export interface MediaPayload {
  materialId: number;
  originalKey: string;
}

const MAX_ATTEMPTS = 3;

export async function enqueueMediaProcessing(
  q: Queryable,
  p: { materialId: number; uploadId?: string; originalKey?: string; ownerId?: number | null },
): Promise<{ jobId: number }> {
  const originalKey = p.originalKey ?? (p.uploadId ? await uploadOriginalKey(q, p.uploadId) : null);
  if (!originalKey) throw new Error('upload has no assembled original');
  const ownerId =
    p.ownerId === undefined
      ? Number(
          (await q.query<{ owner_id: number }>('SELECT owner_id FROM materials WHERE id = $1', [p.materialId])).rows[0]
            ?.owner_id ?? 0,
        ) || null
      : p.ownerId;
  // No dedupe key: a retry (重试) after a failure is a new job of the same work.
  const { id } = await enqueue(
    q,
    MEDIA_PROCESS_TASK,
    { materialId: p.materialId, originalKey } satisfies MediaPayload,
    { ownerId },
  );
  await startMediaRow(q, p.materialId, originalKey, id);
  return { jobId: id };
}

defineTask<MediaPayload>(
  MEDIA_PROCESS_TASK,
  async (p, ctx) => {
    try {
      const r = await processMedia(ctx, p.materialId, p.originalKey);
      return { previewKey: r.previewKey, durationSec: r.durationSec, width: r.width, height: r.height };
    } catch (e) {
      // The last attempt's reason stays on the work for the creator (处理失败 + reason + 重试).
      if (ctx.attempt >= ctx.maxAttempts && !ctx.signal.aborted)
        await failMedia(ctx.db, p.materialId, (e as Error).message);
      throw e;
    }
  },
  // ffmpeg uses both cores by itself: one transcode per worker at a time.
  { maxAttempts: MAX_ATTEMPTS, timeoutMs: 20 * 60_000, concurrency: 1, backoff: { baseMs: 5_000, maxMs: 60_000 } },
);
