import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { call, makeMaterial } from '../../helpers/trade.js';
import { jpeg } from '../../helpers/media.js';
import { formWithFiles, metaOf } from '../../helpers/multipart.js';
import { presignedRefusal, startS3, type TestS3 } from '../../helpers/s3-server.js';
import { contentDisposition } from '../../../server/src/http/content-disposition.js';
import { ConfigError, loadConfig } from '../../../server/src/config.js';
import { NO_LICENCE } from '../../../server/src/routes/order.js';
import { openStorage } from '../../../server/src/storage/index.js';
import type { S3Storage } from '../../../server/src/storage/s3.js';

/** The product with STORAGE=s3 against a real S3-compatible server: every stored file goes to the bucket. */
describe('STORAGE=s3: originals, uploads and public media in a bucket', () => {
  let s3: TestS3;
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let holder: Awaited<ReturnType<typeof makeUser>>;
  let stranger: Awaited<ReturnType<typeof makeUser>>;
  let mat: number;
  const original = crypto.randomBytes(64 * 1024);
  beforeAll(async () => {
    s3 = await startS3();
    t = await makeTestApp(s3.env);
    holder = await makeUser(t.db);
    stranger = await makeUser(t.db);
    mat = await makeMaterial(t.app, t.db, { title: '大熊猫"宝宝"/嬉戏', priceCents: 1000, original });
    const o = (
      await call(t.app, 'POST', '/api/trade/order', holder.auth, {
        from: 'direct',
        items: [{ materialId: mat, scenario: 'personal_media' }],
      })
    ).body.data;
    await t.db.query('UPDATE users SET balance_cents = 5000 WHERE id = $1', [holder.id]);
    expect((await call(t.app, 'POST', '/api/trade/pay/wallet', holder.auth, { orderId: o.id })).status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('runs on the bucket, and the original is only there (not on local disk)', async () => {
    expect(t.app.storage.kind).toBe('s3');
    const key = String(
      (await t.db.query('SELECT original_path FROM materials WHERE id = $1', [mat])).rows[0].original_path,
    );
    expect((await t.app.storage.get(key)).equals(original)).toBe(true);
    expect(fs.existsSync(`${t.app.config.dataDir}/files/${key}`)).toBe(false);
  });

  it('a licence holder gets a short-lived presigned URL that downloads the original under its name; others get 403', async () => {
    const r = await t.app.inject({ url: `/api/order/download/${mat}`, headers: holder.auth });
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('private, no-store');
    const { url, filename, expiresIn } = r.json().data;
    expect(filename).toBe('大熊猫"宝宝"/嬉戏.mp4');
    expect(expiresIn).toBeLessThanOrEqual(600);
    expect(url).toContain('X-Amz-Signature=');

    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(original)).toBe(true);
    expect(file.headers.get('content-disposition')).toBe(contentDisposition(filename));
    expect(file.headers.get('content-type')).toBe('application/octet-stream');
    // The URL is bound to this object and expires; the bucket itself is not public.
    expect((await fetch(url.split('?')[0])).status).toBe(403);
    const fakeReq = { method: 'GET', url: url.slice(url.indexOf('/', 8)), headers: { host: new URL(url).host } } as any;
    expect(presignedRefusal(fakeReq, 'S3RVER')).toBeNull();
    expect(presignedRefusal(fakeReq, 'S3RVER', Date.now() + (expiresIn + 1) * 1000)).toBe('expired');
    expect(presignedRefusal(fakeReq, 'another-secret')).toBe('signature mismatch');

    const denied = await call(t.app, 'GET', `/api/order/download/${mat}`, stranger.auth);
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ msg: NO_LICENCE, data: null });
    expect((await call(t.app, 'GET', `/api/order/download/${mat}`)).status).toBe(401);
    const hist = (await call(t.app, 'GET', '/api/order/history/list', holder.auth)).body.data;
    expect(hist.list.map((h: any) => h.kind)).toEqual(['original']);
  });

  it('a missing original is a Chinese 404, not a URL to nothing', async () => {
    const key = String(
      (await t.db.query('SELECT original_path FROM materials WHERE id = $1', [mat])).rows[0].original_path,
    );
    const bytes = await t.app.storage.get(key);
    await t.app.storage.delete(key);
    try {
      const r = await call(t.app, 'GET', `/api/order/download/${mat}`, holder.auth);
      expect(r.status).toBe(404);
      expect(r.body.msg).toBe('原文件暂不可用，请联系客服');
    } finally {
      await t.app.storage.put(key, bytes);
    }
  });

  it('a form upload (deposit) streams its checked file into the bucket with its SHA-256', async () => {
    const image = { filename: '山川日出.jpg', contentType: 'image/jpeg', data: await jpeg(640, 480) };
    const body = formWithFiles(
      { workName: '山川日出', workCategory: 1, files: [metaOf(image, { width: 640, height: 480 })] },
      [image],
    );
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/protection/deposit',
      headers: { ...holder.auth, ...body.headers },
      payload: body.payload,
    });
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json().data;
    const key = String(
      (await t.db.query('SELECT file_key FROM evidence_deposits WHERE id = $1', [d.id])).rows[0].file_key,
    );
    expect(key).toMatch(/^deposit\/\d{6}\/[a-f0-9]{24}\.jpg$/);
    expect((await t.app.storage.get(key)).equals(image.data)).toBe(true);
    expect(await t.app.storage.stat(key)).toMatchObject({
      size: image.data.length,
      contentType: 'image/jpeg',
      sha256: d.sha256,
    });
    // The temp file is gone once stored.
    expect(fs.readdirSync(`${t.app.config.dataDir}/tmp`)).toEqual([]);
  });

  it('refuses an incomplete storage configuration at boot with the variable to set', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(ConfigError);
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ STORAGE: 'ftp' })).toThrow(/local or s3/);
    expect(loadConfig({}).storage).toBe('local');
    expect(loadConfig(s3.env).s3).toMatchObject({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      forcePathStyle: true,
      region: 'us-east-1',
    });
  });

  it('a bucket that cannot be reached stops the start with the reason (not the first upload)', async () => {
    const config = loadConfig({ ...s3.env, S3_BUCKET: 'no-such-bucket' });
    const err = await openStorage(config).catch((e) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toMatch(/"no-such-bucket" is not reachable \(HTTP 404\)/);
  });

  it('presigned URLs name S3_PUBLIC_ENDPOINT when browsers reach the service elsewhere', async () => {
    const store = (await openStorage(
      loadConfig({ ...s3.env, S3_PUBLIC_ENDPOINT: 'https://files.lumen.example' }),
    )) as S3Storage;
    try {
      const url = await store.downloadUrl('media-original/202601/ab.mp4', { filename: 'a.mp4' });
      expect(url.startsWith(`https://files.lumen.example/${s3.bucket}/media-original/202601/ab.mp4?`)).toBe(true);
    } finally {
      store.destroy();
    }
  });
});
