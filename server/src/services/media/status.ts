import type { Db, Queryable } from '../../db/index.js';
import { AppError } from '../../http/envelope.js';
import { fileUrl } from '../../repositories/material-card.js';
import { findJob } from '../../repositories/jobs.js';
import { findMedia } from '../../repositories/media.js';
import { enqueueMediaProcessing } from './tasks.js';
import { statusLabel } from '../../../../src/schemas/index.js';

export interface MediaStatus {
  /** none (no pipeline run: seeded or older works), processing, ready or failed. */
  state: string;
  progress: number;
  message: string | null;
  error: string | null;
  stripUrl: string | null;
  strip: unknown;
}

/** What the creator sees of a work's processing: 处理中 with the job's progress, 处理失败 with the reason, or done. */
export async function mediaStatus(db: Queryable, materialId: number): Promise<MediaStatus> {
  const m = await findMedia(db, materialId);
  if (!m) return { state: 'none', progress: 0, message: null, error: null, stripUrl: null, strip: null };
  const job = m.job_id ? await findJob(db, Number(m.job_id)) : null;
  return {
    state: m.state,
    progress: m.state === 'ready' ? 100 : (job?.progress ?? 0),
    message: m.state === 'processing' ? (job?.progressMessage ?? statusLabel('lumen:status/job', 'queued')) : null,
    error: m.state === 'failed' ? m.error : null,
    stripUrl: fileUrl(m.strip_key),
    strip: m.strip ?? null,
  };
}

/** 重试: a failed work's original goes through the pipeline again as a new job (caller checked ownership). */
export async function retryMedia(db: Db, materialId: number, ownerId: number): Promise<{ jobId: number }> {
  return db.tx(async (q) => {
    const m = (
      await q.query<{ state: string; original_key: string }>(
        'SELECT state, original_key FROM material_media WHERE material_id = $1 FOR UPDATE',
        [materialId],
      )
    ).rows[0];
    if (!m || m.state !== 'failed') throw new AppError(409, '作品没有处理失败，无需重试');
    return enqueueMediaProcessing(q, { materialId, originalKey: m.original_key, ownerId });
  });
}
