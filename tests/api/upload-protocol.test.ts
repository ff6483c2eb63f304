import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { makeTestApp, makeUser } from '../helpers/app.js';
import { noisePng } from '../helpers/media.js';
import { IMAGE, initUpload, postChunk, range, sendChunks, sha256, SMALL_CHUNK, testChunk } from '../helpers/upload.js';
import type { Db } from '../../server/src/db/index.js';

describe('chunked upload: the simple-uploader.js protocol', () => {
  let app: FastifyInstance;
  let db: Db;
  let close: () => Promise<void>;
  let creator: Awaited<ReturnType<typeof makeUser>>;
  let other: Awaited<ReturnType<typeof makeUser>>;
  let png: Buffer;

  beforeAll(async () => {
    ({ app, db, close } = await makeTestApp());
    creator = await makeUser(db, { roles: ['buyer', 'creator'] });
    other = await makeUser(db, { roles: ['buyer', 'creator'] });
    png = await noisePng(900, 700); // about 1.9 MB: 7 chunks of 256 KB, the last one larger
  });
  afterAll(() => close());

  it('init needs a logged-in creator and checks the declared file against the material rule', async () => {
    const anon = await app.inject({
      method: 'POST',
      url: '/api/upload/init',
      payload: { name: 'a.png', size: 10, workType: IMAGE },
    });
    expect(anon.statusCode).toBe(401);
    const buyer = await makeUser(db);
    expect((await initUpload(app, buyer.auth, { name: 'a.png', size: 10 })).res.statusCode).toBe(403);

    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'a.gif', size: 10 }, '请上传JPG/JPEG/PNG格式图片，大小不超过50MB'],
      [{ name: 'a.png', size: 60 * 1024 * 1024 }, '请上传JPG/JPEG/PNG格式图片，大小不超过50MB'],
      [{ name: 'a.png', size: 0 }, '文件不能为空'],
      [{ name: 'a.png', size: 10, sha256: 'xyz' }, '文件指纹格式不正确'],
      [{ name: 'a.zip', size: 10, workType: 2 }, '该素材类型暂不支持上传'],
      [{ name: 'a.png', size: 10, chunkSize: 1024 }, '分片大小需在256KB至16MB之间'],
    ];
    for (const [body, msg] of cases) {
      const { res, body: env } = await initUpload(app, creator.auth, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(env.msg).toBe(msg);
    }
  });

  it('test GET answers 204 for a missing chunk and 200 listing every received chunk for a present one', async () => {
    const { upload } = await initUpload(app, creator.auth, { name: 'noise.png', size: png.length });
    expect(upload.totalChunks).toBe(Math.floor(png.length / SMALL_CHUNK));
    expect(upload.uploaded).toEqual([]);

    const missing = await testChunk(app, creator.auth, upload, png, 1);
    expect(missing.statusCode).toBe(204);
    expect(missing.body).toBe('');

    const posted = await sendChunks(app, creator.auth, upload, png, [1, 3]);
    expect(posted.statusCode).toBe(200);
    expect(posted.json().data.uploaded).toEqual([1, 3]);

    const present = await testChunk(app, creator.auth, upload, png, 3);
    expect(present.statusCode).toBe(200);
    expect(present.json().data).toMatchObject({ state: 'receiving', uploaded: [1, 3] });
    expect((await testChunk(app, creator.auth, upload, png, 2)).statusCode).toBe(204);

    // The same chunk again is accepted without being stored twice.
    expect((await postChunk(app, creator.auth, upload, png, 3)).json().data.uploaded).toEqual([1, 3]);

    const last = await sendChunks(app, creator.auth, upload, png, [2, 4, 5, 6, upload.totalChunks]);
    expect(last.statusCode).toBe(200);
    expect(last.json().data).toMatchObject({
      state: 'complete',
      sha256: sha256(png),
      mime: 'image/png',
      meta: { width: 900, height: 700 },
    });
    // After assembly every chunk reads as present (resume or instant upload needs no POST).
    const after = await testChunk(app, creator.auth, upload, png, 2);
    expect(after.statusCode).toBe(200);
    expect(after.json().data.uploaded).toEqual(range(1, upload.totalChunks));
    expect(await app.storage.list(`chunks/${upload.id}/`)).toEqual([]);
  });

  it('the last chunk carries the remainder (1x to under 2x chunkSize); wrong sizes or parameters are refused', async () => {
    const { upload } = await initUpload(app, creator.auth, { name: 'noise.png', size: png.length });
    const lastSize = png.length - (upload.totalChunks - 1) * SMALL_CHUNK;
    expect(lastSize).toBeGreaterThanOrEqual(SMALL_CHUNK);
    expect(lastSize).toBeLessThan(2 * SMALL_CHUNK);

    const wrongTotal = await postChunk(app, creator.auth, upload, png, 1, { totalSize: String(png.length + 1) });
    expect(wrongTotal.statusCode).toBe(409);
    expect(wrongTotal.json().msg).toBe('分片参数与登记的文件不符，请重新选择文件上传');
    const beyond = await postChunk(app, creator.auth, upload, png, 1, { chunkNumber: String(upload.totalChunks + 1) });
    expect(beyond.statusCode).toBe(409);
    const shortBytes = await postChunk(app, creator.auth, upload, png, 1, {}, png.subarray(0, 1000));
    expect(shortBytes.statusCode).toBe(400);
    expect(shortBytes.json().msg).toBe('分片数据不完整，请重试');
    const longBytes = await postChunk(app, creator.auth, upload, png, 1, {}, png.subarray(0, SMALL_CHUNK + 10));
    expect(longBytes.statusCode).toBe(400);
    const badId = await postChunk(app, creator.auth, { ...upload, id: '../../etc' }, png, 1);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().msg).toBe('上传编号不正确，请重新选择文件上传');
    // None of the refused bodies was recorded.
    expect((await testChunk(app, creator.auth, upload, png, 1)).statusCode).toBe(204);
    expect(await app.storage.list(`chunks/${upload.id}/`)).toEqual([]);
  });

  it('same-size files with Chinese names get distinct upload ids and keep their own bytes', async () => {
    const a = await noisePng(900, 700);
    const b = await noisePng(900, 700);
    expect(a.length).toBe(b.length);
    const ua = (await initUpload(app, creator.auth, { name: '山川日出.png', size: a.length })).upload;
    const ub = (await initUpload(app, creator.auth, { name: '山川日落.png', size: b.length })).upload;
    expect(ua.id).not.toBe(ub.id);
    // Interleaved, as two files uploading side by side.
    for (const n of range(1, ua.totalChunks)) {
      expect((await postChunk(app, creator.auth, ua, a, n)).statusCode).toBe(200);
      expect((await postChunk(app, creator.auth, ub, b, n)).statusCode).toBe(200);
    }
    const sa = (await app.inject({ url: `/api/upload/${ua.id}`, headers: creator.auth })).json().data;
    const sb = (await app.inject({ url: `/api/upload/${ub.id}`, headers: creator.auth })).json().data;
    expect(sa).toMatchObject({ state: 'complete', filename: '山川日出.png', sha256: sha256(a) });
    expect(sb).toMatchObject({ state: 'complete', filename: '山川日落.png', sha256: sha256(b) });
  });

  it("another user's upload id is 404 on every call, and nothing of it changes", async () => {
    const { upload } = await initUpload(app, creator.auth, { name: 'mine.png', size: png.length });
    await postChunk(app, creator.auth, upload, png, 1);
    const calls = [
      await testChunk(app, other.auth, upload, png, 1),
      await postChunk(app, other.auth, upload, png, 2),
      await app.inject({ url: `/api/upload/${upload.id}`, headers: other.auth }),
      await app.inject({ method: 'DELETE', url: `/api/upload/${upload.id}`, headers: other.auth }),
      await app.inject({
        method: 'POST',
        url: `/api/upload/${upload.id}/proof`,
        headers: other.auth,
        payload: { sha256: sha256(png) },
      }),
    ];
    for (const r of calls) {
      expect(r.statusCode).toBe(404);
      expect(r.json().msg).toBe('上传记录不存在或已失效，请重新选择文件上传');
    }
    const mine = (await app.inject({ url: `/api/upload/${upload.id}`, headers: creator.auth })).json().data;
    expect(mine).toMatchObject({ state: 'receiving', uploaded: [1] });
    expect((await testChunk(app, { authorization: 'nope' }, upload, png, 1)).statusCode).toBe(401);
  });

  it('cancel frees the upload: chunks deleted, further chunks 404', async () => {
    const { upload } = await initUpload(app, creator.auth, { name: 'drop.png', size: png.length });
    await sendChunks(app, creator.auth, upload, png, [1, 2]);
    const res = await app.inject({ method: 'DELETE', url: `/api/upload/${upload.id}`, headers: creator.auth });
    expect(res.json().data.state).toBe('cancelled');
    expect(await app.storage.list(`chunks/${upload.id}/`)).toEqual([]);
    const late = await postChunk(app, creator.auth, upload, png, 3);
    expect(late.statusCode).toBe(404);
    expect(late.json().msg).toBe('上传已过期或已取消，请重新上传');
  });
});
