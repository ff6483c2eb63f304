import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage, ObjectNotFoundError, type ObjectStore } from '../../../server/src/storage/index.js';
import { S3Storage } from '../../../server/src/storage/s3.js';
import { contentDisposition } from '../../../server/src/http/content-disposition.js';
import { filenameFromDisposition as filenameOf } from '../../../src/dataProvider/axios.js';
import { startS3, type TestS3 } from '../../helpers/s3-server.js';

const text = async (r: Readable) => {
  const parts: Buffer[] = [];
  for await (const c of r) parts.push(Buffer.from(c));
  return Buffer.concat(parts);
};

/** One contract, two stores: every caller of app.storage may rely on exactly this. */
describe.each(['local', 's3'] as const)('ObjectStore contract: %s', (kind) => {
  let store: ObjectStore;
  let s3: TestS3 | undefined;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-store-'));
    if (kind === 'local') store = new LocalStorage(dir);
    else {
      s3 = await startS3();
      store = new S3Storage({
        endpoint: s3.endpoint,
        bucket: s3.bucket,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      });
    }
  });
  afterAll(async () => {
    if (store instanceof S3Storage) store.destroy();
    await s3?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('issues fresh server-side keys and refuses anything else', async () => {
    const a = store.newKey('deposit', '.MP4');
    expect(a).toMatch(/^deposit\/\d{6}\/[a-f0-9]{24}\.mp4$/);
    expect(store.newKey('deposit', '../../')).toMatch(/^deposit\/\d{6}\/[a-f0-9]{24}\.bin$/);
    expect(store.newKey('deposit', 'mp4')).not.toBe(a);
    for (const bad of ['../etc/passwd', '/abs/x.jpg', 'a/../../b.jpg', 'noslash', 'a/b c.jpg']) {
      await expect(store.put(bad, Buffer.from('x')), bad).rejects.toThrow('bad storage key');
      await expect(store.stat(bad), bad).rejects.toThrow('bad storage key');
    }
    await expect(store.list('../')).rejects.toThrow('bad storage prefix');
  });

  it('put, get, stat, exists, delete; a missing key is null / ObjectNotFoundError, delete is idempotent', async () => {
    const key = store.newKey('contract', 'txt');
    await store.put(key, Buffer.from('流明 hello'), {
      contentType: 'text/plain; charset=utf-8',
      sha256: 'ab'.repeat(32),
    });
    expect((await store.get(key)).toString()).toBe('流明 hello');
    const st = await store.stat(key);
    expect(st).toMatchObject({ size: Buffer.byteLength('流明 hello') });
    expect(st!.etag).toBeTruthy();
    if (kind === 's3') expect(st).toMatchObject({ contentType: 'text/plain; charset=utf-8', sha256: 'ab'.repeat(32) });
    expect(await store.exists(key)).toBe(true);
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    expect(await store.stat(key)).toBeNull();
    await expect(store.get(key)).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(store.stream(key)).rejects.toBeInstanceOf(ObjectNotFoundError);
    await store.delete(key);
  });

  it('putStream takes a stream larger than one multipart part without buffering it whole; ranges read exact bytes', async () => {
    const key = store.newKey('contract', 'bin');
    const chunk = crypto.randomBytes(1024 * 1024);
    const total = 19; // 19 MiB: three parts of the S3 store's 8 MiB part size
    const expected = crypto.createHash('sha256');
    function* chunks() {
      for (let i = 0; i < total; i++) {
        const c = Buffer.from(chunk);
        c.writeUInt32BE(i, 0);
        expected.update(c);
        yield c;
      }
    }
    await store.putStream(key, Readable.from(chunks()));
    const digest = expected.digest('hex');
    expect((await store.stat(key))!.size).toBe(total * chunk.length);
    const back = crypto.createHash('sha256');
    for await (const c of await store.stream(key)) back.update(c);
    expect(back.digest('hex')).toBe(digest);
    // Bytes 0..3 of MiB 7 hold its index; a range across a part boundary (8 MiB) reads through.
    const at = 7 * chunk.length;
    expect((await text(await store.stream(key, { start: at, end: at + 3 }))).readUInt32BE(0)).toBe(7);
    const edge = 8 * chunk.length;
    const across = await text(await store.stream(key, { start: edge - 2, end: edge + 5 }));
    expect(across).toHaveLength(8);
    expect(across.subarray(2, 6).readUInt32BE(0)).toBe(8);
    await store.delete(key);
  });

  it('a failing source stream stores nothing under the key', async () => {
    const key = store.newKey('contract', 'bin');
    const broken = new Readable({
      read() {
        this.destroy(new Error('client went away'));
      },
    });
    await expect(store.putStream(key, broken)).rejects.toThrow();
    expect(await store.exists(key)).toBe(false);
  });

  it('lists the keys below a prefix, sorted', async () => {
    const keys = ['list/a/1/x.txt', 'list/a/2/y.txt', 'list/b/1/z.txt'];
    for (const k of keys) await store.put(k, Buffer.from(k));
    expect(await store.list('list/a/')).toEqual(keys.slice(0, 2));
    expect(await store.list('list/')).toEqual(keys);
    expect(await store.list('list/none/')).toEqual([]);
  });

  it('downloadUrl: a presigned URL whose answer names the file (S3), or null where the route streams (local)', async () => {
    const key = store.newKey('media-original', 'mp4');
    await store.put(key, Buffer.from('ORIGINAL'));
    const url = await store.downloadUrl(key, {
      filename: '大熊猫 "宝宝".mp4',
      contentType: 'application/octet-stream',
      expiresInSeconds: 60,
    });
    if (kind === 'local') {
      expect(url).toBeNull();
      return;
    }
    const r = await fetch(url!);
    expect(r.status).toBe(200);
    expect(Buffer.from(await r.arrayBuffer()).toString()).toBe('ORIGINAL');
    expect(r.headers.get('content-type')).toBe('application/octet-stream');
    expect(r.headers.get('content-disposition')).toBe(contentDisposition('大熊猫 "宝宝".mp4'));
    expect(filenameOf(r.headers.get('content-disposition'))).toBe('大熊猫 _宝宝_.mp4');
    // The bucket is private: the same object without the signature, or with another key's signature, is refused.
    expect((await fetch(url!.split('?')[0])).status).toBe(403);
    const other = store.newKey('media-original', 'mp4');
    expect((await fetch(url!.replace(key, other))).status).toBe(403);
  });
});
