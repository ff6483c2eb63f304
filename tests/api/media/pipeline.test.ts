// @one-engine: the time goes to Chromium or ffmpeg; the rows are plain (scripts/test-all.mjs).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { servicesOf } from '../../helpers/jobs.js';
import { runUntilIdle } from '../../../server/src/jobs/index.js';
import { findJob } from '../../../server/src/repositories/jobs.js';
import { findMedia } from '../../../server/src/repositories/media.js';
import { enqueueMediaProcessing, MEDIA_PROCESS_TASK } from '../../../server/src/services/media/tasks.js';

/** A real video and real images go through the media job: metadata is what ffprobe/sharp measure. */
describe('media pipeline', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-media-test-'));
  let ownerA: number;
  let ownerB: number;
  let authA: { authorization: string };
  let authB: { authorization: string };

  beforeAll(async () => {
    t = await makeTestApp();
    ({ id: ownerA, auth: authA } = await makeUser(t.db, { roles: ['buyer', 'creator'] }));
    ({ id: ownerB, auth: authB } = await makeUser(t.db, { roles: ['buyer', 'creator'] }));
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function work(ownerId: number, type: number, file: Buffer, ext: string): Promise<number> {
    const key = await t.app.storage.put(t.app.storage.newKey('media-original', ext), file);
    const id = Number(
      (
        await t.db.query<{ id: number }>(
          `INSERT INTO materials(type, title, owner_id, status, price_cents, original_path) VALUES ($1, '测试作品', $2, 0, 100, $3) RETURNING id`,
          [type, ownerId, key],
        )
      ).rows[0].id,
    );
    await t.db.tx((q) => enqueueMediaProcessing(q, { materialId: id, originalKey: key }));
    return id;
  }
  const drain = () => runUntilIdle(servicesOf(t.app), { tasks: [MEDIA_PROCESS_TASK], pollMs: 20 });
  const material = async (id: number) =>
    (await t.db.query<Record<string, any>>('SELECT * FROM materials WHERE id = $1', [id])).rows[0];

  it('a generated 3 s video gets ffprobe metadata, a smaller watermarked preview, a poster and a keyframe strip', async () => {
    const file = path.join(dir, 'clip.mp4');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=s=1280x720:r=30',
      '-t',
      '3',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      file,
    ]);
    const probe = JSON.parse(
      execFileSync('ffprobe', [
        '-v',
        'error',
        '-print_format',
        'json',
        '-show_format',
        '-show_streams',
        file,
      ]).toString(),
    );
    const bytes = fs.readFileSync(file);
    const id = await work(ownerA, 1, bytes, 'mp4');
    expect((await findMedia(t.db, id))?.state).toBe('processing');
    await drain();

    const m = await material(id);
    expect(Number(m.duration_sec)).toBeCloseTo(Number(probe.format.duration), 2);
    expect([m.width, m.height]).toEqual([probe.streams[0].width, probe.streams[0].height]);
    expect(Number(m.fps)).toBe(30);
    expect(Number(m.size_bytes)).toBe(bytes.length);
    const media = (await findMedia(t.db, id))!;
    expect(media).toMatchObject({ state: 'ready', codec: 'h264', error: null });
    expect(Number(media.bitrate)).toBeGreaterThan(0);

    const preview = await t.app.storage.get(m.preview_path);
    expect(preview.length).toBeLessThan(bytes.length);
    expect(m.preview_path).not.toBe(m.original_path);
    expect(m.preview_path.startsWith('media-public/')).toBe(true);
    const pp = path.join(dir, 'preview.mp4');
    fs.writeFileSync(pp, preview);
    const pv = JSON.parse(
      execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', pp]).toString(),
    );
    expect([pv.streams[0].codec_name, pv.streams[0].width, pv.streams[0].height]).toEqual(['h264', 640, 360]);
    // faststart: the moov atom comes before the media data.
    expect(preview.indexOf('moov')).toBeLessThan(preview.indexOf('mdat'));

    const poster = await sharp(await t.app.storage.get(media.poster_key!)).metadata();
    expect([poster.format, poster.width]).toEqual(['jpeg', 640]);
    const strip = await sharp(await t.app.storage.get(media.strip_key!)).metadata();
    expect(media.strip).toMatchObject({ columns: 10, rows: 1, tileWidth: 160, tileHeight: 90 });
    expect([strip.width, strip.height]).toEqual([1600, 90]);
    const times = (media.strip as { times: number[] }).times;
    expect(times).toHaveLength(10);
    expect(times[9]).toBeLessThan(3);
    const hashes = await t.db.query('SELECT hash FROM material_hashes WHERE material_id = $1', [id]);
    expect(hashes.rows).toHaveLength(10);
  });

  it('applies EXIF orientation 6: the recorded dimensions are rotated, derivatives are sRGB without EXIF', async () => {
    const img = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#3366aa' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const id = await work(ownerA, 2, img, 'jpg');
    await drain();
    const m = await material(id);
    expect([m.width, m.height, m.format]).toEqual([200, 400, 'JPG']);
    const prev = await sharp(await t.app.storage.get(m.preview_path)).metadata();
    expect([prev.width, prev.height, prev.orientation, prev.space]).toEqual([200, 400, undefined, 'srgb']);
  });

  it("flags a rescaled, recompressed copy of another owner's image and not an unrelated image", async () => {
    const scene = (seed: number) =>
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
      <rect width="800" height="600" fill="#${(seed * 0x345678).toString(16).slice(-6).padStart(6, '0')}"/>
      ${Array.from({ length: 12 }, (_, i) => `<circle cx="${(i * 97 * seed) % 800}" cy="${(i * 53 + seed * 31) % 600}" r="${40 + ((i * seed) % 50)}" fill="#${((i + seed) * 0x1f3a5c).toString(16).slice(-6).padStart(6, '0')}"/>`).join('')}</svg>`);
    const first = await sharp(scene(7)).jpeg({ quality: 92 }).toBuffer();
    const copy = await sharp(first).resize(480).jpeg({ quality: 55 }).toBuffer();
    const unrelated = await sharp(scene(3)).jpeg().toBuffer();
    const a = await work(ownerA, 2, first, 'jpg');
    await drain();
    const b = await work(ownerB, 2, copy, 'jpg');
    const c = await work(ownerB, 2, unrelated, 'jpg');
    await drain();
    const dup = await t.db.query<{ material_id: number; other_material_id: number; kind: string }>(
      'SELECT * FROM material_duplicates ORDER BY material_id',
    );
    expect(dup.rows.map((r) => [Number(r.material_id), Number(r.other_material_id), r.kind])).toEqual([
      [b, a, 'dhash'],
    ]);
    const ev = await t.db.query('SELECT action FROM work_events WHERE material_id = $1', [b]);
    expect(ev.rows.map((r: any) => r.action)).toContain('duplicate_flagged');
    expect((await t.db.query('SELECT 1 FROM work_events WHERE material_id = $1', [c])).rows).toHaveLength(0);
  });

  it('a corrupt video fails with the reason on the work and goes through on retry', async () => {
    const id = await work(ownerA, 1, Buffer.from('这不是视频'.repeat(100)), 'mp4');
    await runUntilIdle(servicesOf(t.app), { tasks: [MEDIA_PROCESS_TASK], pollMs: 20, timeoutMs: 60_000 });
    // Backoff makes later attempts wait: run them now.
    for (let i = 0; i < 3; i++) {
      await t.db.query(`UPDATE jobs SET run_at = now() WHERE task = $1 AND state = 'queued'`, [MEDIA_PROCESS_TASK]);
      await drain();
    }
    const media = (await findMedia(t.db, id))!;
    expect(media.state).toBe('failed');
    expect(media.error).toBe('无法识别的视频文件，请上传 MP4/MOV 格式的视频');
    expect((await findJob(t.db, Number(media.job_id)))?.state).toBe('failed');

    const status = await t.app.inject({ url: `/api/user/works/${id}/media`, headers: authA });
    expect(status.json().data).toMatchObject({ state: 'failed', error: media.error });

    // Only the owner may retry; a retry is a new job. (The stored original is repaired first, as an
    // operator would after a storage fault, so the new job can succeed.)
    const file = path.join(dir, 'fixed.mp4');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=s=320x240:r=25',
      '-t',
      '1',
      '-pix_fmt',
      'yuv420p',
      file,
    ]);
    const m = await material(id);
    await t.app.storage.put(m.original_path, fs.readFileSync(file));
    const other = await t.app.inject({ method: 'POST', url: `/api/user/works/${id}/media/retry`, headers: authB });
    expect(other.statusCode).toBeGreaterThanOrEqual(403);
    expect(other.statusCode).toBeLessThan(500);
    const retry = await t.app.inject({ method: 'POST', url: `/api/user/works/${id}/media/retry`, headers: authA });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toMatchObject({ state: 'processing', progress: 0 });
    expect(Number((await findMedia(t.db, id))?.job_id)).not.toBe(Number(media.job_id));
    const again = await t.app.inject({ method: 'POST', url: `/api/user/works/${id}/media/retry`, headers: authA });
    expect([again.statusCode, again.json().msg]).toEqual([409, '作品没有处理失败，无需重试']);
    await drain();
    expect((await findMedia(t.db, id))?.state).toBe('ready');
    expect((await t.app.inject({ url: `/api/user/works/${id}/media`, headers: authA })).json().data).toMatchObject({
      state: 'ready',
      progress: 100,
    });
    expect([Number((await material(id)).width), Number((await material(id)).fps)]).toEqual([320, 25]);
  });
});
