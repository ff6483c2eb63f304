import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp } from '../../helpers/app.js';
import { startS3, type TestS3 } from '../../helpers/s3-server.js';
import { ORIGINAL_GROUP, PUBLIC_GROUP } from '../../../server/src/storage/groups.js';
import { parseRange } from '../../../server/src/routes/serve-object.js';

/** GET /files/media-public/*: the same answers whichever store holds the media. */
describe.each(['local', 's3'] as const)('public media route on %s storage', (kind) => {
  let s3: TestS3 | undefined;
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let url: string;
  let original: string;
  const clip = crypto.randomBytes(100_000);
  beforeAll(async () => {
    if (kind === 's3') s3 = await startS3();
    t = await makeTestApp(s3?.env ?? {});
    const key = await t.app.storage.put(t.app.storage.newKey(PUBLIC_GROUP, 'mp4'), clip, { contentType: 'video/mp4' });
    url = `/files/${key}`;
    original = await t.app.storage.put(t.app.storage.newKey(ORIGINAL_GROUP, 'mp4'), clip);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('serves the whole file with its type, length, a validator and a year of immutable caching', async () => {
    expect(t.app.storage.kind).toBe(kind);
    const r = await t.app.inject(url);
    expect(r.statusCode).toBe(200);
    expect(r.rawPayload.equals(clip)).toBe(true);
    expect(r.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': String(clip.length),
      'accept-ranges': 'bytes',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    const etag = String(r.headers.etag);
    expect(etag).toBeTruthy();
    const again = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
  });

  it('answers byte ranges (video seeking): 206 with Content-Range, suffix ranges, 416 past the end', async () => {
    const r = await t.app.inject({ url, headers: { range: 'bytes=1000-1999' } });
    expect(r.statusCode).toBe(206);
    expect(r.headers['content-range']).toBe(`bytes 1000-1999/${clip.length}`);
    expect(r.headers['content-length']).toBe('1000');
    expect(r.rawPayload.equals(clip.subarray(1000, 2000))).toBe(true);
    const tail = await t.app.inject({ url, headers: { range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(clip.subarray(clip.length - 10))).toBe(true);
    const open = await t.app.inject({ url, headers: { range: `bytes=${clip.length - 5}-` } });
    expect(open.rawPayload.equals(clip.subarray(clip.length - 5))).toBe(true);
    const past = await t.app.inject({ url, headers: { range: `bytes=${clip.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${clip.length}`);
    expect(past.json().msg).toBe('请求的范围超出文件大小');
  });

  it('HEAD gives the headers without the body', async () => {
    const r = await t.app.inject({ method: 'HEAD', url });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-length']).toBe(String(clip.length));
    expect(r.rawPayload).toHaveLength(0);
  });

  it('refuses originals, traversal and unknown keys with a 404 envelope', async () => {
    const publicPart = url.replace(`/files/${PUBLIC_GROUP}/`, '');
    for (const bad of [
      `/files/${original}`,
      `/files/${PUBLIC_GROUP}/../${original}`,
      `/files/${PUBLIC_GROUP}/%2e%2e/${original}`,
      `/files/${PUBLIC_GROUP}/..%2f${original.replace(/\//g, '%2f')}`,
      `/files/${PUBLIC_GROUP}/${publicPart}/../../../../../etc/passwd`,
      `/files/${PUBLIC_GROUP}/202601/${'0'.repeat(24)}.mp4`,
      `/files/${PUBLIC_GROUP}/`,
    ]) {
      const r = await t.app.inject(bad);
      expect(r.statusCode, bad).toBe(404);
      expect(r.headers['content-type'], bad).toContain('application/json');
    }
  });
});

describe('parseRange', () => {
  it.each([
    [undefined, null],
    ['bytes=0-9', { start: 0, end: 9 }],
    ['bytes=5-', { start: 5, end: 99 }],
    ['bytes=90-200', { start: 90, end: 99 }],
    ['bytes=-20', { start: 80, end: 99 }],
    ['bytes=-200', { start: 0, end: 99 }],
    ['bytes=100-', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=9-3', null],
    ['bytes=0-1,5-6', null],
    ['items=0-1', null],
    ['bytes=-', null],
  ] as const)('%s of 100 bytes -> %j', (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });
});
