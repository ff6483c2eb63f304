import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { jpeg } from '../../helpers/media.js';
import { formWithFiles, metaOf } from '../../helpers/multipart.js';

describe('/api/protection/lookup: public lookup of a file fingerprint in the evidence log', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let alice: Awaited<ReturnType<typeof makeUser>>;
  let image: { filename: string; contentType: string; data: Buffer };
  beforeAll(async () => {
    t = await makeTestApp();
    alice = await makeUser(t.db);
    image = { filename: '江南雨巷.jpg', contentType: 'image/jpeg', data: await jpeg(800, 600) };
  });
  afterAll(() => t?.close());

  it('finds the completed deposit of a file by the SHA-256 the browser computed, and nothing for another file', async () => {
    const body = formWithFiles(
      { workName: '江南雨巷', workCategory: 1, files: [metaOf(image, { width: 800, height: 600 })] },
      [image],
    );
    const d = (
      await t.app.inject({
        method: 'POST',
        url: '/api/protection/deposit',
        headers: { ...alice.auth, ...body.headers },
        payload: body.payload,
      })
    ).json().data;
    const sha = crypto.createHash('sha256').update(image.data).digest('hex');
    expect(d.sha256).toBe(sha);

    // Anyone (no login), any letter case.
    const r = await t.app.inject({ url: `/api/protection/lookup?sha256=${sha.toUpperCase()}` });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({
      sha256: sha,
      matches: [{ certNo: d.cert_no, workName: '江南雨巷', fileName: '江南雨巷.jpg' }],
    });
    expect(r.json().msg).toBe('找到 1 条存证记录');

    const none = (await t.app.inject({ url: `/api/protection/lookup?sha256=${'0'.repeat(64)}` })).json();
    expect(none.data.matches).toEqual([]);
    expect(none.msg).toBe('存证记录中没有这个文件');
  });

  it('a deposit that has not completed is not reported', async () => {
    const sha = 'ab'.repeat(32);
    await t.db.query(
      `INSERT INTO evidence_deposits(user_id, work_name, work_category, form, file_name, file_key, file_size, mime, sha256, status) VALUES ($1, '未完成', 1, '{}', 'a.jpg', 'k', 1, 'image/jpeg', $2, 2)`,
      [alice.id, sha],
    );
    expect((await t.app.inject({ url: `/api/protection/lookup?sha256=${sha}` })).json().data.matches).toEqual([]);
  });

  it('a malformed fingerprint is a Chinese 400', async () => {
    const r = await t.app.inject({ url: '/api/protection/lookup?sha256=xyz' });
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toContain('文件指纹');
  });
});
