import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { makeTestApp, makeUser } from '../helpers/app.js';
import { makeMedia, noisePng } from '../helpers/media.js';
import {
  chunkParams,
  IMAGE,
  initUpload,
  postChunk,
  range,
  sendChunks,
  sha256,
  testChunk,
  VIDEO,
} from '../helpers/upload.js';
import type { Db } from '../../server/src/db/index.js';
import { sweepUploads } from '../../server/src/services/uploads/sweep.js';
import { tryAssemble } from '../../server/src/services/uploads/assemble.js';

describe('chunked upload: assembly, content check, stored once, instant upload', () => {
  let app: FastifyInstance;
  let db: Db;
  let close: () => Promise<void>;
  let creator: Awaited<ReturnType<typeof makeUser>>;
  let png: Buffer;
  const originalWrites: string[] = [];

  beforeAll(async () => {
    ({ app, db, close } = await makeTestApp());
    creator = await makeUser(db, { roles: ['buyer', 'creator'] });
    png = await noisePng(900, 700);
    // Warm-up (schema validators compile on first use): keeps the first timed test within its limit.
    await initUpload(app, (await makeUser(db, { roles: ['creator'] })).auth, { name: 'warm.png', size: 10 });
    // Count writes of originals: an assembly that ran twice would write twice.
    const put = app.storage.putStream.bind(app.storage);
    app.storage.putStream = async (key, body) => {
      if (key.startsWith('originals/')) originalWrites.push(key);
      return put(key, body);
    };
  });
  afterAll(() => close());

  const status = async (id: string, auth = creator.auth) =>
    (await app.inject({ url: `/api/upload/${id}`, headers: auth })).json().data;
  const blobCount = async () =>
    Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM upload_blobs')).rows[0].n);

  it('parallel last chunks (and duplicates of them) assemble exactly once', async () => {
    const file = await noisePng(900, 700);
    const { upload } = await initUpload(app, creator.auth, { name: 'parallel.png', size: file.length });
    const n = upload.totalChunks;
    await sendChunks(app, creator.auth, upload, file, range(1, n - 3));
    const writesBefore = originalWrites.length;
    const tail = [n - 2, n - 1, n, n - 2, n - 1, n];
    const answers = await Promise.all(tail.map((c) => postChunk(app, creator.auth, upload, file, c)));
    expect(answers.map((a) => a.statusCode)).toEqual(tail.map(() => 200));
    // The chunk requests themselves assembled (no later status call needed to finish the upload).
    expect(answers.some((a) => a.json().data.state === 'complete')).toBe(true);
    const row = await db.query<{ state: string }>('SELECT state FROM uploads WHERE id = $1', [upload.id]);
    expect(row.rows[0].state).toBe('complete');
    expect(originalWrites.length - writesBefore).toBe(1);
    const s = await status(upload.id);
    expect(s).toMatchObject({ state: 'complete', sha256: sha256(file) });
    // Buffer.equals, not toEqual: toEqual walks a 1.9 MB buffer byte by byte in JavaScript, 12 s of
    // one blocked event loop alone and 83 s in a loaded run, long enough to fail vitest's own RPC calls.
    const stored = await app.storage.get(`originals/${s.sha256.slice(0, 2)}/${s.sha256}`);
    expect(stored?.equals(file)).toBe(true);
    expect(await app.storage.list(`chunks/${upload.id}/`)).toEqual([]);
  });

  it('concurrent assembly attempts on a fully received upload: exactly one claims and writes', async () => {
    const file = await noisePng(900, 700);
    const { upload } = await initUpload(app, creator.auth, { name: 'claim.png', size: file.length });
    await sendChunks(app, creator.auth, upload, file, range(1, upload.totalChunks - 1));
    // The last chunk stored and recorded by a request that has not yet tried to assemble.
    const lastChunk = chunkParams(upload, file, upload.totalChunks).bytes;
    await app.storage.put(`chunks/${upload.id}/${upload.totalChunks}`, lastChunk);
    await db.query('INSERT INTO upload_chunks(upload_id, chunk_no, size) VALUES ($1, $2, $3)', [
      upload.id,
      upload.totalChunks,
      lastChunk.length,
    ]);
    const writesBefore = originalWrites.length;
    const rows = await Promise.all(range(1, 6).map(() => tryAssemble(app, upload.id)));
    expect(originalWrites.length - writesBefore).toBe(1);
    expect(rows.every((r) => ['assembling', 'complete'].includes(r.state))).toBe(true);
    expect(await status(upload.id)).toMatchObject({ state: 'complete', sha256: sha256(file) });
  });

  it('the same bytes uploaded twice are stored once', async () => {
    const before = await blobCount();
    const writes = originalWrites.length;
    for (const name of ['第一次.png', '第二次.png']) {
      const { upload } = await initUpload(app, creator.auth, { name, size: png.length });
      const last = await sendChunks(app, creator.auth, upload, png, range(1, upload.totalChunks));
      expect(last.json().data).toMatchObject({ state: 'complete', sha256: sha256(png) });
    }
    expect(await blobCount()).toBe(before + 1);
    expect(originalWrites.length - writes).toBe(1);
    expect((await app.storage.list('originals/')).filter((k) => k.endsWith(sha256(png)))).toHaveLength(1);
  });

  it('bad content is refused by the rule after assembly (415 with its Chinese message), chunks deleted', async () => {
    const fake = Buffer.concat([Buffer.from('not an image at all '), png.subarray(20)]);
    const { upload } = await initUpload(app, creator.auth, { name: 'fake.png', size: fake.length, type: 'image/png' });
    const last = await sendChunks(app, creator.auth, upload, fake, range(1, upload.totalChunks));
    expect(last.statusCode).toBe(415);
    expect(last.json().msg).toBe('请上传JPG/JPEG/PNG格式图片，大小不超过50MB');
    expect(await status(upload.id)).toMatchObject({
      state: 'failed',
      error: '请上传JPG/JPEG/PNG格式图片，大小不超过50MB',
    });
    // The uploader treats 415 as permanent: the test GET says so too.
    expect((await testChunk(app, creator.auth, upload, fake, 1)).statusCode).toBe(415);
    expect(await app.storage.list(`chunks/${upload.id}/`)).toEqual([]);

    const small = await noisePng(500, 400);
    const u2 = (
      await initUpload(app, creator.auth, { name: 'small.png', size: small.length, chunkSize: 16 * 1024 * 1024 })
    ).upload;
    const r2 = await postChunk(app, creator.auth, u2, small, 1);
    expect(r2.statusCode).toBe(415);
    expect(r2.json().msg).toBe('图片尺寸需在800x600至20000x20000像素之间');
  });

  it('a video shorter than the rule allows is refused by its measured duration', async () => {
    const clip = fs.readFileSync(await makeMedia(2, 'mp4'));
    const { upload } = await initUpload(app, creator.auth, {
      name: '短片.mp4',
      size: clip.length,
      workType: VIDEO,
      chunkSize: 16 * 1024 * 1024,
    });
    const r = await postChunk(app, creator.auth, upload, clip, 1);
    expect(r.statusCode).toBe(415);
    expect(r.json().msg).toBe('视频时长不能少于3秒');
    const ok = fs.readFileSync(await makeMedia(4, 'mp4'));
    const u2 = (
      await initUpload(app, creator.auth, {
        name: '长片.mp4',
        size: ok.length,
        workType: VIDEO,
        chunkSize: 16 * 1024 * 1024,
      })
    ).upload;
    expect((await postChunk(app, creator.auth, u2, ok, 1)).json().data).toMatchObject({
      state: 'complete',
      mime: 'video/mp4',
    });
  });

  it('instant upload: the same user completes at init; another user must prove possession of a random range', async () => {
    const mine = await initUpload(app, creator.auth, { name: '再传一次.png', size: png.length, sha256: sha256(png) });
    expect(mine.upload).toMatchObject({ state: 'complete', sha256: sha256(png) });
    expect(mine.upload.uploaded).toEqual(range(1, mine.upload.totalChunks));
    // One test GET tells the uploader every chunk is there.
    expect((await testChunk(app, creator.auth, mine.upload, png, 1)).json().data.uploaded).toEqual(
      range(1, mine.upload.totalChunks),
    );

    const stranger = await makeUser(db, { roles: ['creator'] });
    const claim = (await initUpload(app, stranger.auth, { name: 'x.png', size: png.length, sha256: sha256(png) }))
      .upload;
    expect(claim.state).toBe('receiving');
    const { offset, length } = claim.proof!;
    expect(offset + length).toBeLessThanOrEqual(png.length);
    const proof = (sha: string, who = stranger.auth) =>
      app.inject({ method: 'POST', url: `/api/upload/${claim.id}/proof`, headers: who, payload: { sha256: sha } });
    const right = sha256(png.subarray(offset, offset + length));
    const wrong = await proof(sha256(Buffer.from('guess')));
    expect(wrong.json().data).toMatchObject({ state: 'receiving', proof: null });
    // A challenge is answered once: guessing again, even right, does not complete it.
    expect((await proof(right)).statusCode).toBe(409);

    const second = (await initUpload(app, stranger.auth, { name: 'y.png', size: png.length, sha256: sha256(png) }))
      .upload;
    const ok = await app.inject({
      method: 'POST',
      url: `/api/upload/${second.id}/proof`,
      headers: stranger.auth,
      payload: { sha256: sha256(png.subarray(second.proof!.offset, second.proof!.offset + second.proof!.length)) },
    });
    expect(ok.json().data).toMatchObject({ state: 'complete', sha256: sha256(png) });
  });

  it('a stored original the rule of another material type refuses is not taken over by instant upload', async () => {
    const r = await initUpload(app, creator.auth, {
      name: 'x.mp4',
      size: png.length,
      sha256: sha256(png),
      workType: VIDEO,
    });
    expect(r.res.statusCode).toBe(400);
    expect(r.body.msg).toBe('请上传MP4/MOV格式视频，大小不超过2GB');
  });

  it('per-user limits hold under parallel inits: open uploads by count and by declared bytes', async () => {
    const user = await makeUser(db, { roles: ['creator'] });
    const inits = await Promise.all(
      range(1, 14).map((i) => initUpload(app, user.auth, { name: `${i}.png`, size: 1000 })),
    );
    const codes = inits.map((r) => r.res.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(4);
    expect(inits.find((r) => r.res.statusCode === 429)!.body.msg).toBe(
      '同时进行中的上传不能超过10个，请等待已有文件上传完成或取消后再试',
    );
    // Cancelling one frees a place.
    const first = inits.find((r) => r.res.statusCode === 200)!.upload;
    await app.inject({ method: 'DELETE', url: `/api/upload/${first.id}`, headers: user.auth });
    expect((await initUpload(app, user.auth, { name: 'again.png', size: 1000 })).res.statusCode).toBe(200);

    const big = await makeUser(db, { roles: ['creator'] });
    const GB2 = 2 * 1024 * 1024 * 1024;
    const bigInits = await Promise.all(
      range(1, 7).map((i) => initUpload(app, big.auth, { name: `${i}.mp4`, size: GB2, workType: VIDEO })),
    );
    const bigCodes = bigInits.map((r) => r.res.statusCode);
    expect(bigCodes.filter((c) => c === 200)).toHaveLength(5);
    expect(bigCodes.filter((c) => c === 413)).toHaveLength(2);
    expect(bigInits.find((r) => r.res.statusCode === 413)!.body.msg).toBe(
      '进行中的上传总大小不能超过10GB，请等待已有文件上传完成或取消后再试',
    );
  });

  it('the sweep expires unfinished uploads, deletes their chunks and re-runs an assembly whose process died', async () => {
    const { upload } = await initUpload(app, creator.auth, { name: 'abandoned.png', size: png.length });
    await sendChunks(app, creator.auth, upload, png, [1, 2]);
    const file = await noisePng(900, 700);
    const stuck = (await initUpload(app, creator.auth, { name: 'stuck.png', size: file.length })).upload;
    await sendChunks(app, creator.auth, stuck, file, range(1, stuck.totalChunks - 1));
    // Simulate a crash: the last chunk stored and recorded, the assembly claimed, then the process gone.
    const lastChunk = chunkParams(stuck, file, stuck.totalChunks).bytes;
    await app.storage.put(`chunks/${stuck.id}/${stuck.totalChunks}`, lastChunk);
    await db.query('INSERT INTO upload_chunks(upload_id, chunk_no, size) VALUES ($1, $2, $3)', [
      stuck.id,
      stuck.totalChunks,
      lastChunk.length,
    ]);
    await db.query(`UPDATE uploads SET state = 'assembling', updated_at = now() - interval '1 hour' WHERE id = $1`, [
      stuck.id,
    ]);
    await db.query(`UPDATE uploads SET expires_at = now() - interval '1 minute' WHERE id = $1`, [upload.id]);
    await app.storage.put('chunks/u00000000000000000000dead/1', Buffer.from('orphan'));

    const r = await sweepUploads(app);
    expect(r.expired).toContain(upload.id);
    expect(r.reassembled).toContain(stuck.id);
    expect(r.orphaned).toContain('u00000000000000000000dead');
    expect(await status(upload.id)).toMatchObject({ state: 'expired', uploaded: [] });
    expect(await app.storage.list(`chunks/${upload.id}/`)).toEqual([]);
    expect((await postChunk(app, creator.auth, upload, png, 3)).statusCode).toBe(404);
    expect(await status(stuck.id)).toMatchObject({ state: 'complete', sha256: sha256(file) });
    expect(await app.storage.list('chunks/')).toEqual([]);
  });

  it('unknown ids and malformed test parameters are clear 4xx answers', async () => {
    const res = await app.inject({ url: '/api/upload/u000000000000000000000000', headers: creator.auth });
    expect(res.statusCode).toBe(404);
    const bad = await app.inject({ url: '/api/upload/chunk?chunkNumber=x&identifier=u1', headers: creator.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/[\u4e00-\u9fa5]/);
    expect(IMAGE).toBe(11);
  });
});
