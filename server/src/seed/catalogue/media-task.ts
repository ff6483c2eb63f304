import type { Queryable } from '../../db/index.js';
import { defineTask } from '../../jobs/registry.js';
import { recordDeposit } from '../../services/deposit-ledger.js';
import { measureOriginal } from '../../services/media/measure.js';
import { saveMeasured } from '../../repositories/media.js';
import { generateMediaSet, type MediaKind, type MediaSet } from './media.js';

/**
 * The demo catalogue's media, made in the background after the rows exist (the first start then
 * answers in seconds instead of minutes): one job per design generates the files, stores them and
 * points every material of that design at them, deposits the materials chosen for evidence and
 * fills the album covers that were waiting for them. Until then lists show a 处理中 placeholder.
 */
export const SEED_MEDIA_TASK = 'seed.media';

export interface SeedMediaPayload {
  kind: MediaKind;
  design: number;
  materialIds: number[];
  /** Materials of this design that get an evidence deposit (certificate) once the original exists. */
  evidenceIds: number[];
}

/**
 * A seeded material's evidence deposit, made the way a creator's upload is: a deposit record of its
 * original, a block on the hash-chained ledger, and the material's badge pointing at the certificate.
 * Skips materials deposited already, so a retried job does not deposit twice.
 */
async function depositSeeded(q: Queryable, materialId: number, media: MediaSet): Promise<boolean> {
  const m = (
    await q.query<{ owner_id: number; title: string; type: number; done: boolean }>(
      'SELECT owner_id, title, type, EXISTS (SELECT 1 FROM material_evidence e WHERE e.material_id = m.id) AS done FROM materials m WHERE id = $1',
      [materialId],
    )
  ).rows[0];
  if (!m || m.done) return false;
  const ownerId = Number(m.owner_id);
  const video = Number(m.type) === 1;
  const fileName = `${m.title}.${media.format.toLowerCase()}`;
  const mime = video ? 'video/mp4' : 'image/jpeg';
  // Work category codes (lumen:enums/work-category): 3 类电影作品 for footage, 1 摄影作品 for photos.
  const workCategory = video ? 3 : 1;
  await recordDeposit(q, {
    userId: ownerId,
    materialId,
    workName: m.title,
    workCategory,
    form: {
      workName: m.title,
      workCategory,
      materialId,
      files: [{ name: fileName, size: media.sizeBytes, type: mime }],
    },
    fileName,
    fileKey: media.original,
    fileSize: media.sizeBytes,
    mime,
    sha256: media.sha256,
  });
  return true;
}

defineTask<SeedMediaPayload>(
  SEED_MEDIA_TASK,
  async (p, ctx) => {
    await ctx.progress(
      5,
      { clip: '正在生成演示视频', template: '正在生成演示模板', image: '正在生成演示图片' }[p.kind],
    );
    const media = await generateMediaSet(ctx.storage, p.kind, p.design, ctx.signal);
    ctx.signal.throwIfAborted();
    // Listed duration, size and fps are measured from the stored original by the media pipeline
    // (ffprobe/sharp), never composed: a listing says what the download is.
    await ctx.progress(60, '正在读取媒体信息');
    const measured = await measureOriginal(ctx.storage, media.original, p.kind !== 'image', ctx.signal);
    await ctx.progress(80, '正在写入素材记录');
    const deposits = await ctx.db.tx(async (q) => {
      await q.query(
        `UPDATE materials SET cover_path = $2, preview_path = $3, original_path = $4, width = $5, height = $6, size_bytes = $7, format = $8
         WHERE id = ANY($1::bigint[])`,
        [
          p.materialIds,
          media.cover,
          media.preview,
          media.original,
          media.width,
          media.height,
          media.sizeBytes,
          media.format,
        ],
      );
      await saveMeasured(q, p.materialIds, media.original, measured);
      let n = 0;
      for (const id of p.evidenceIds) if (await depositSeeded(q, id, media)) n++;
      // An album's cover is its first item's cover, as soon as that item has one.
      await q.query(
        `UPDATE albums a SET cover_path = f.cover_path
         FROM (SELECT DISTINCT ON (ai.album_id) ai.album_id, m.cover_path FROM album_items ai JOIN materials m ON m.id = ai.material_id
               ORDER BY ai.album_id, ai.sort) f
         WHERE a.id = f.album_id AND a.cover_path IS NULL AND f.cover_path IS NOT NULL`,
      );
      return n;
    });
    return { materials: p.materialIds.length, deposits, cover: media.cover };
  },
  // Media generation saturates both cores by itself: one at a time leaves room for the site.
  { maxAttempts: 3, timeoutMs: 10 * 60_000, concurrency: 1, backoff: { baseMs: 5_000, maxMs: 60_000 } },
);
