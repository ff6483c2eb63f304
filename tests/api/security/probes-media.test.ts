import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { jpeg } from '../../helpers/media.js';
import { servicesOf } from '../../helpers/jobs.js';
import { IMAGE, initUpload, range, sendChunks, VIDEO } from '../../helpers/upload.js';
import { runUntilIdle } from '../../../server/src/jobs/index.js';
import { findMedia } from '../../../server/src/repositories/media.js';
import { enqueueMediaProcessing, MEDIA_PROCESS_TASK } from '../../../server/src/services/media/tasks.js';
import { MSG_POLYGLOT } from '../../../server/src/security/polyglot.js';
import { MSG_IMAGE_TOO_MANY_PIXELS, MSG_VIDEO_TOO_LARGE } from '../../../server/src/security/media-limits.js';
import { MSG_NOT_A_VIDEO } from '../../../server/src/services/media/probe.js';

/** One PNG chunk: length, type, data, CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(td));
  return Buffer.concat([len, td, crc]);
}
/** A PNG of a few hundred bytes declaring width x height RGB pixels (its image data is one short row). */
function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
/** A real ZIP archive (one stored file), as `zip` writes it. */
function zipOf(name: string, content: string): Buffer {
  const data = Buffer.from(content);
  const n = Buffer.from(name);
  const crc = zlib.crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(n.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(n.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + n.length, 12);
  end.writeUInt32LE(30 + n.length + data.length, 16);
  return Buffer.concat([local, n, data, central, n, end]);
}
/** A JPEG with a comment segment (COM, 0xFFFE) right after SOI. */
function withComment(j: Buffer, text: string): Buffer {
  const body = Buffer.from(text);
  const seg = Buffer.alloc(4);
  seg.writeUInt16BE(0xfffe, 0);
  seg.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([j.subarray(0, 2), seg, body, j.subarray(2)]);
}
const HTML = '<html><body><script>fetch("/api/common/getUserInfo")</script></body></html>';

/**
 * Issue 29 probes on hostile media: polyglot images (JPEG+ZIP, JPEG+HTML), decompression bombs
 * (tiny files declaring huge pictures), and playlists (HLS, ffconcat) posing as videos. Uploads go
 * through the chunked upload; pipeline cases store the original directly, as data written before
 * the upload check (or by an import) would be, and run the media job.
 */
describe('probes: hostile uploads and media', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let creator: Awaited<ReturnType<typeof makeUser>>;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-probe-media-'));
  let clean: Buffer;
  beforeAll(async () => {
    t = await makeTestApp();
    creator = await makeUser(t.db, { roles: ['buyer', 'creator'] });
    clean = await jpeg(900, 700);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function upload(name: string, file: Buffer, workType = IMAGE) {
    const { upload: u } = await initUpload(t.app, creator.auth, {
      name,
      size: file.length,
      workType,
      chunkSize: 16 * 1024 * 1024,
    });
    return sendChunks(t.app, creator.auth, u, file, range(1, u.totalChunks));
  }
  async function work(type: number, file: Buffer, ext: string): Promise<number> {
    const key = await t.app.storage.put(t.app.storage.newKey('media-original', ext), file);
    const id = Number(
      (
        await t.db.query<{ id: number }>(
          `INSERT INTO materials(type, title, owner_id, status, price_cents, original_path) VALUES ($1, '探针作品', $2, 0, 100, $3) RETURNING id`,
          [type, creator.id, key],
        )
      ).rows[0].id,
    );
    await t.db.tx((q) => enqueueMediaProcessing(q, { materialId: id, originalKey: key }));
    return id;
  }
  /** Runs the media jobs to their end; one attempt each (the refusals are deterministic: retries would only wait out the backoff). */
  async function drain() {
    await t.db.query(`UPDATE jobs SET max_attempts = 1 WHERE task = $1 AND state = 'queued'`, [MEDIA_PROCESS_TASK]);
    await runUntilIdle(servicesOf(t.app), { tasks: [MEDIA_PROCESS_TASK], pollMs: 20, timeoutMs: 60_000 });
  }

  describe('1. polyglot images', () => {
    it('JPEG+ZIP, JPEG with HTML in a comment or after EOI, PNG+ZIP: refused at upload (415, Chinese); the plain JPEG passes', async () => {
      const zip = zipOf('payload.html', HTML);
      const cases: Array<[string, Buffer]> = [
        ['jpeg-zip.jpg', Buffer.concat([clean, zip])],
        ['jpeg-comment.jpg', withComment(clean, HTML)],
        ['jpeg-html-after-eoi.jpg', Buffer.concat([clean, Buffer.from(HTML)])],
        ['png-zip.png', Buffer.concat([await (await import('sharp')).default(clean).png().toBuffer(), zip])],
      ];
      for (const [name, file] of cases) {
        const r = await upload(name, file);
        expect([name, r.statusCode, r.json().msg]).toEqual([name, 415, MSG_POLYGLOT]);
      }
      const ok = await upload('plain.jpg', clean);
      expect(ok.json().data, ok.body).toMatchObject({ state: 'complete', mime: 'image/jpeg' });
      // Encoder padding after EOI (zeros) is not foreign content.
      expect((await upload('padded.jpg', Buffer.concat([clean, Buffer.alloc(64)]))).json().data.state).toBe('complete');
    });

    it('a polyglot original already stored: only re-encoded derivatives are public (image/jpeg, nosniff, no ZIP or markup); the original never is', async () => {
      const id = await work(IMAGE, withComment(Buffer.concat([clean, zipOf('x.html', HTML)]), HTML), 'jpg');
      await drain();
      const media = (await findMedia(t.db, id))!;
      expect(media.state).toBe('ready');
      const m = (await t.db.query('SELECT preview_path, original_path FROM materials WHERE id = $1', [id])).rows[0];
      for (const key of [m.preview_path, media.thumb_key]) {
        const r = await t.app.inject({ url: `/files/${key}` });
        expect(r.statusCode).toBe(200);
        expect(r.headers['content-type']).toBe('image/jpeg');
        expect(r.headers['x-content-type-options']).toBe('nosniff');
        expect(r.headers['content-disposition']).toMatch(/^inline/);
        expect(r.rawPayload.includes(Buffer.from('PK\x03\x04'))).toBe(false);
        expect(/<script|<html/i.test(r.rawPayload.toString('latin1'))).toBe(false);
      }
      // Originals leave only through the licensed download (octet-stream attachment, see trade-licence.test.ts).
      expect((await t.app.inject({ url: `/files/${m.original_path}` })).statusCode).toBe(404);
    });
  });

  describe('2. decompression bombs', () => {
    it('a tiny PNG declaring 50,000 x 50,000 or 15,000 x 15,000 pixels: refused at upload in Chinese, before any decode', async () => {
      const huge = pngDeclaring(50_000, 50_000);
      expect(huge.length).toBeLessThan(200);
      const r = await upload('bomb.png', huge);
      expect([r.statusCode, r.json().msg]).toEqual([415, '图片尺寸需在800x600至20000x20000像素之间']);
      // Within the rule's sides, but 225 million pixels (~675 MB decoded).
      const wide = await upload('bomb2.png', pngDeclaring(15_000, 15_000));
      expect([wide.statusCode, wide.json().msg]).toEqual([415, MSG_IMAGE_TOO_MANY_PIXELS]);
    });

    it('the media job refuses a stored image bomb and a tiny video declaring 16000 x 16000 frames, with a Chinese reason', async () => {
      const img = await work(IMAGE, pngDeclaring(15_000, 15_000), 'png');
      const raw = path.join(dir, 'raw.mov');
      execFileSync('ffmpeg', [
        '-v',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        'color=c=red:s=64x64:r=1',
        '-t',
        '4',
        '-c:v',
        'rawvideo',
        '-pix_fmt',
        'yuyv422',
        '-f',
        'mov',
        raw,
      ]);
      const mov = fs.readFileSync(raw);
      // The sample description's width and height (16-bit each, 28 bytes after its 'yuvs' code) now say 16000 x 16000.
      const at = mov.indexOf('yuvs') + 28;
      mov.writeUInt16BE(16_000, at);
      mov.writeUInt16BE(16_000, at + 2);
      expect(mov.length).toBeLessThan(64 * 1024);
      const vid = await work(VIDEO, mov, 'mov');
      await drain();
      expect(await findMedia(t.db, img)).toMatchObject({ state: 'failed', error: MSG_IMAGE_TOO_MANY_PIXELS });
      expect(await findMedia(t.db, vid)).toMatchObject({ state: 'failed', error: MSG_VIDEO_TOO_LARGE });
    });
  });

  describe('3. playlists posing as videos', () => {
    let hits = 0;
    let server: http.Server;
    let base: string;
    let canary: string;
    beforeAll(async () => {
      server = http.createServer((_req, res) => {
        hits++;
        res.end();
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      // A real video elsewhere on the server's disk: a followed playlist would turn it into this work.
      canary = path.join(dir, 'canary.ts');
      execFileSync('ffmpeg', [
        '-v',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        'testsrc=s=320x240:r=5',
        '-t',
        '4',
        '-c:v',
        'mpeg2video',
        '-f',
        'mpegts',
        canary,
      ]);
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    const hls = () =>
      Buffer.from(
        `#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\n${canary}\n#EXTINF:4,\nfile:${canary}\n#EXTINF:4,\n${base}/seg.ts\n#EXT-X-ENDLIST\n`,
      );
    const ffconcat = () => Buffer.from(`ffconcat version 1.0\nfile '${canary}'\nfile '${base}/seg.ts'\n`);

    it('HLS and ffconcat playlists uploaded as a video: refused at upload (415, Chinese), nothing fetched', async () => {
      for (const [name, file] of [
        ['playlist.mp4', hls()],
        ['concat.mov', ffconcat()],
      ] as const) {
        const r = await upload(name, file, VIDEO);
        expect([name, r.statusCode, r.json().msg]).toEqual([name, 415, '请上传MP4/MOV格式视频，大小不超过2GB']);
      }
      // Named as what it is, it is refused before a byte is sent.
      const init = await initUpload(t.app, creator.auth, { name: 'playlist.m3u8', size: 100, workType: VIDEO });
      expect(init.res.statusCode).toBe(400);
      expect(hits).toBe(0);
    });

    it('a playlist stored as a video original: the media job fails with a Chinese reason, follows no path or URL', async () => {
      const a = await work(VIDEO, hls(), 'mp4');
      const b = await work(VIDEO, ffconcat(), 'mp4');
      await drain();
      for (const id of [a, b]) {
        expect(await findMedia(t.db, id)).toMatchObject({ state: 'failed', error: MSG_NOT_A_VIDEO });
        expect((await t.db.query('SELECT width FROM materials WHERE id = $1', [id])).rows[0].width).not.toBe(320);
      }
      expect(hits).toBe(0);
    });
  });
});
