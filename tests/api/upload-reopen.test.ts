import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { makeTestApp, makeUser } from '../helpers/app.js';
import { noisePng } from '../helpers/media.js';
import { initUpload, range, sendChunks, sha256, type UploadInfo } from '../helpers/upload.js';
import type { Db } from '../../server/src/db/index.js';

/**
 * The same file picked again after a reload (or in another tab, or after a browser restart) finds
 * its unfinished upload: POST /api/upload/init answers with that upload and the chunks it holds.
 */
describe('upload init resumes the same file', () => {
  let app: FastifyInstance;
  let db: Db;
  let close: () => Promise<void>;
  let png: Buffer;
  const MODIFIED = 1_795_000_000_000;

  beforeAll(async () => {
    ({ app, db, close } = await makeTestApp());
    png = await noisePng(900, 700); // 7 chunks of 256 KB
  });
  afterAll(() => close());

  const state = async (auth: Record<string, string>, id: string) =>
    (await app.inject({ url: `/api/upload/${id}`, headers: auth })).json().data as UploadInfo;
  const chunkRows = async (id: string) =>
    Number((await db.query('SELECT count(*)::int AS n FROM upload_chunks WHERE upload_id = $1', [id])).rows[0].n);

  it('a second init of the same name, size and last-modified time resumes: same id, the chunks it has; it finishes intact', async () => {
    const creator = await makeUser(db, { roles: ['creator'] });
    const file = { name: '续传.png', size: png.length, lastModified: MODIFIED };
    const first = (await initUpload(app, creator.auth, file)).upload;
    await sendChunks(app, creator.auth, first, png, [1, 2, 3]);

    const again = await initUpload(app, creator.auth, file);
    expect(again.res.statusCode).toBe(200);
    expect(again.upload).toMatchObject({ id: first.id, state: 'receiving', uploaded: [1, 2, 3] });
    // Only the missing chunks go up; the result is the file's own bytes.
    const last = await sendChunks(app, creator.auth, again.upload, png, range(4, again.upload.totalChunks));
    expect(last.statusCode).toBe(200);
    await expect.poll(async () => (await state(creator.auth, first.id)).state).toBe('complete');
    expect((await state(creator.auth, first.id)).sha256).toBe(sha256(png));
  });

  it('a file whose SHA-256 the browser computed resumes by that hash, whatever its time says', async () => {
    const creator = await makeUser(db, { roles: ['creator'] });
    // Not the file the first test completed: a stored original would be taken over at once instead.
    const other = await noisePng(900, 700);
    const file = { name: 'a.png', size: other.length, sha256: sha256(other) };
    const first = (await initUpload(app, creator.auth, { ...file, lastModified: 1 })).upload;
    await sendChunks(app, creator.auth, first, other, [2]);
    const again = (await initUpload(app, creator.auth, { ...file, lastModified: 2 })).upload;
    expect(again).toMatchObject({ id: first.id, uploaded: [2] });
  });

  it('another version of the file (same name and size, another time) supersedes the unfinished one', async () => {
    const creator = await makeUser(db, { roles: ['creator'] });
    const old = (await initUpload(app, creator.auth, { name: 'v.png', size: png.length, lastModified: 1 })).upload;
    await sendChunks(app, creator.auth, old, png, [1, 2]);
    const fresh = (await initUpload(app, creator.auth, { name: 'v.png', size: png.length, lastModified: 2 })).upload;
    expect(fresh.id).not.toBe(old.id);
    expect(fresh.uploaded).toEqual([]);
    expect((await state(creator.auth, old.id)).state).toBe('cancelled');
    expect(await chunkRows(old.id)).toBe(0);
    // A chunk of the superseded upload is refused in Chinese, not stored.
    const late = await sendChunks(app, creator.auth, old, png, [3]);
    expect(late.statusCode).toBe(404);
    expect(late.json().msg).toBe('上传已过期或已取消，请重新上传');
  });

  it("another user's upload of the same file is never resumed, and a different chunk size starts afresh", async () => {
    const a = await makeUser(db, { roles: ['creator'] });
    const b = await makeUser(db, { roles: ['creator'] });
    const file = { name: 'same.png', size: png.length, lastModified: MODIFIED };
    const mine = (await initUpload(app, a.auth, file)).upload;
    await sendChunks(app, a.auth, mine, png, [1]);
    const theirs = (await initUpload(app, b.auth, file)).upload;
    expect(theirs.id).not.toBe(mine.id);
    expect(theirs.uploaded).toEqual([]);
    const bigger = (await initUpload(app, a.auth, { ...file, chunkSize: 512 * 1024 })).upload;
    expect(bigger.id).not.toBe(mine.id);
  });

  it('an init without a fingerprint (no hash, no time) never resumes nor supersedes', async () => {
    const creator = await makeUser(db, { roles: ['creator'] });
    const one = (await initUpload(app, creator.auth, { name: 'n.png', size: png.length })).upload;
    const two = (await initUpload(app, creator.auth, { name: 'n.png', size: png.length })).upload;
    expect(two.id).not.toBe(one.id);
    expect((await state(creator.auth, one.id)).state).toBe('receiving');
  });

  it('two tabs opening the same file at once get one upload, counted once against the limits', async () => {
    const creator = await makeUser(db, { roles: ['creator'] });
    const file = { name: 'tabs.png', size: png.length, lastModified: MODIFIED };
    const [x, y] = await Promise.all([initUpload(app, creator.auth, file), initUpload(app, creator.auth, file)]);
    expect(x.upload.id).toBe(y.upload.id);
    const open = await db.query(`SELECT count(*)::int AS n FROM uploads WHERE user_id = $1 AND state = 'receiving'`, [
      creator.id,
    ]);
    expect(Number(open.rows[0].n)).toBe(1);
  });

  it('refuses a malformed last-modified time in Chinese', async () => {
    const creator = await makeUser(db, { roles: ['creator'] });
    const r = await initUpload(app, creator.auth, { name: 'x.png', size: 10, lastModified: 'yesterday' });
    expect(r.res.statusCode).toBe(400);
    expect(r.body.msg).toBe('文件修改时间格式不正确');
  });
});
