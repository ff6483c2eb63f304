import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp } from '../../helpers/app.js';
import { startS3, type TestS3 } from '../../helpers/s3-server.js';
import { PUBLIC_GROUP } from '../../../server/src/storage/groups.js';
import { coverSizeKey } from '../../../server/src/services/media/cover-size.js';
import { coverAt } from '../../../src/schemas/api/cover-size.js';

/** GET /files/media-public/<key>?w=360: the phone tiles' cover, made once, on either store. */
describe.each(['local', 's3'] as const)('a cover at the phone tile size on %s storage', (kind) => {
  let s3: TestS3 | undefined;
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let key = '';
  let cover: Buffer;
  beforeAll(async () => {
    if (kind === 's3') s3 = await startS3();
    t = await makeTestApp(s3?.env ?? {});
    // A 3:2 photo cover with noise, so that its size means something.
    cover = await sharp(crypto.randomBytes(480 * 320 * 3), { raw: { width: 480, height: 320, channels: 3 } })
      .jpeg({ quality: 75 })
      .toBuffer();
    key = await t.app.storage.put(t.app.storage.newKey(PUBLIC_GROUP, 'jpg'), cover, { contentType: 'image/jpeg' });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('sends a 360 x 225 WebP of the cover, cached for a year, stored once and read back after', async () => {
    const url = coverAt(`/files/${key}`, 360);
    expect(url).toBe(`/files/${key}?w=360`);
    const responses = await Promise.all([1, 2, 3].map(() => t.app.inject(url)));
    for (const r of responses) {
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toBe('image/webp');
      expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(r.rawPayload.equals(responses[0].rawPayload)).toBe(true);
    }
    const meta = await sharp(responses[0].rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 360, 225]);
    expect(responses[0].rawPayload.length).toBeLessThan(cover.length);
    const stored = coverSizeKey(key.slice(PUBLIC_GROUP.length + 1), 360);
    expect((await t.app.storage.get(stored)).equals(responses[0].rawPayload)).toBe(true);
    // Without w: the cover as it was stored.
    expect((await t.app.inject(`/files/${key}`)).rawPayload.equals(cover)).toBe(true);
  });

  it('refuses another width in Chinese, answers a missing cover 404, and never reaches the sized copies directly', async () => {
    const bad = await t.app.inject(`/files/${key}?w=4000`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/[\u4e00-\u9fa5]/);
    expect((await t.app.inject(`/files/${PUBLIC_GROUP}/202611/${'ab'.repeat(12)}.jpg?w=360`)).statusCode).toBe(404);
    const stored = coverSizeKey(key.slice(PUBLIC_GROUP.length + 1), 360);
    expect((await t.app.inject(`/files/${stored}`)).statusCode).toBe(404);
  });

  it('leaves addresses that are no public picture as they are', () => {
    expect(coverAt('/files/media-public/202611/abc.mp4', 360)).toBe('/files/media-public/202611/abc.mp4');
    expect(coverAt('https://cdn.example/a.jpg', 360)).toBe('https://cdn.example/a.jpg');
    expect(coverAt(null, 360)).toBeNull();
  });
});
