import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { JobContext } from '../../jobs/index.js';
import { PUBLIC_GROUP } from '../../storage/groups.js';
import { saveHashes, saveMediaResult, type MediaResult } from '../../repositories/media.js';
import { imageDerivatives } from './image.js';
import { probeVideo } from './probe.js';
import { makePoster, makePreview, makeStrip } from './video.js';
import { dHash } from './phash.js';
import { flagNearDuplicates } from './duplicates.js';

type Ctx = Pick<JobContext, 'db' | 'storage' | 'signal' | 'progress'>;

/**
 * Runs one work's original through the pipeline: metadata, public watermarked derivatives (the
 * original itself is never copied into a public group), perceptual hashes and the duplicate check.
 * Idempotent: a re-run overwrites the same rows and stores fresh derivative keys.
 */
export async function processMedia(ctx: Ctx, materialId: number, originalKey: string): Promise<MediaResult> {
  const type = (await ctx.db.query<{ type: number }>('SELECT type FROM materials WHERE id = $1', [materialId])).rows[0]
    ?.type;
  if (type === undefined) throw new Error('作品不存在');
  const original = await ctx.storage.get(originalKey);
  const video = Number(type) === 1;
  const result = video ? await processVideo(ctx, materialId, original) : await processImage(ctx, materialId, original);
  ctx.signal.throwIfAborted();
  await ctx.progress(95, '正在保存');
  await ctx.db.tx((q) => saveMediaResult(q, result));
  return result;
}

const putPublic = (ctx: Ctx, data: Buffer, ext: string, contentType: string) =>
  ctx.storage.put(ctx.storage.newKey(PUBLIC_GROUP, ext), data, { contentType });

async function processImage(ctx: Ctx, materialId: number, original: Buffer): Promise<MediaResult> {
  await ctx.progress(10, '正在读取图片');
  const d = await imageDerivatives(original);
  await ctx.progress(60, '正在计算指纹');
  const hash = await dHash(original);
  await ctx.db.tx(async (q) => {
    await saveHashes(q, materialId, 'dhash', [hash]);
    await flagNearDuplicates(q, materialId, 'dhash', [hash]);
  });
  const previewKey = await putPublic(ctx, d.preview, 'jpg', 'image/jpeg');
  const thumbKey = await putPublic(ctx, d.thumb, 'jpg', 'image/jpeg');
  return {
    materialId,
    durationSec: null,
    width: d.width,
    height: d.height,
    fps: null,
    format: d.format,
    sizeBytes: original.length,
    codec: null,
    bitrate: null,
    coverKey: thumbKey,
    previewKey,
    posterKey: null,
    stripKey: null,
    strip: null,
    thumbKey,
  };
}

async function processVideo(ctx: Ctx, materialId: number, original: Buffer): Promise<MediaResult> {
  // ffmpeg reads a local file: S3 originals are copied to a temp folder first.
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'lumen-media-'));
  try {
    const src = path.join(dir, 'original');
    await fs.promises.writeFile(src, original);
    await ctx.progress(5, '正在读取视频信息');
    const meta = await probeVideo(src, ctx.signal);
    await ctx.progress(15, '正在生成预览');
    const preview = await makePreview(src, dir, ctx.signal);
    await ctx.progress(70, '正在生成封面');
    const poster = await makePoster(src, dir, meta, ctx.signal);
    await ctx.progress(80, '正在生成关键帧');
    const strip = await makeStrip(src, dir, meta, ctx.signal);
    const hashes = await stripHashes(
      strip.file,
      strip.layout.tileWidth,
      strip.layout.tileHeight,
      strip.layout.columns * strip.layout.rows,
    );
    await ctx.db.tx(async (q) => {
      await saveHashes(q, materialId, 'video-dhash', hashes);
      await flagNearDuplicates(q, materialId, 'video-dhash', hashes);
    });
    const read = (f: string) => fs.promises.readFile(f);
    const posterKey = await putPublic(ctx, await read(poster), 'jpg', 'image/jpeg');
    return {
      materialId,
      durationSec: meta.durationSec,
      width: meta.width,
      height: meta.height,
      fps: meta.fps,
      format: meta.format.includes('MOV') || meta.format.includes('MP4') ? 'MP4' : meta.format,
      sizeBytes: original.length,
      codec: meta.codec,
      bitrate: meta.bitrate,
      coverKey: posterKey,
      previewKey: await putPublic(ctx, await read(preview), 'mp4', 'video/mp4'),
      posterKey,
      stripKey: await putPublic(ctx, await read(strip.file), 'jpg', 'image/jpeg'),
      strip: strip.layout,
      thumbKey: null,
    };
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/** dHash of each keyframe tile of the strip (cheaper than decoding the video again). */
async function stripHashes(file: string, w: number, h: number, n: number): Promise<string[]> {
  const img = await fs.promises.readFile(file);
  const out: string[] = [];
  for (let i = 0; i < n; i++)
    out.push(
      await dHash(
        await sharp(img)
          .extract({ left: i * w, top: 0, width: w, height: h })
          .toBuffer(),
      ),
    );
  return out;
}
