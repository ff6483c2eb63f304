import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { IMAGE, initUpload, sendChunks, sha256 } from '../../helpers/upload.js';

/** Completed uploads become works through lumen:forms/work: one work per upload, media job, 上传即存证, batches all or none. */
describe('works from uploads', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let auth: { authorization: string };
  let other: { authorization: string };
  let creatorId: number;
  let imageCategory: number;
  let videoCategory: number;
  let seq = 0;

  beforeAll(async () => {
    t = await makeTestApp();
    ({ id: creatorId, auth } = await makeUser(t.db, { roles: ['buyer', 'creator'] }));
    ({ auth: other } = await makeUser(t.db, { roles: ['buyer', 'creator'] }));
    const cat = async (type: number) =>
      Number(
        (
          await t.db.query<{ id: number }>('INSERT INTO categories(type, name) VALUES ($1, $2) RETURNING id', [
            type,
            `测试分类${type}`,
          ])
        ).rows[0].id,
      );
    imageCategory = await cat(IMAGE);
    videoCategory = await cat(1);
  });
  afterAll(async () => t?.close());

  /** A real PNG (distinct pixels each call) uploaded in one chunk; returns its upload id and hash. */
  async function uploaded(as = auth): Promise<{ id: string; sha: string }> {
    seq += 1;
    const png = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: (seq * 7) % 255, g: 90, b: (seq * 13) % 255 } },
    })
      .png()
      .toBuffer();
    const { upload } = await initUpload(t.app, as, { name: `作品${seq}.png`, size: png.length, type: 'image/png' });
    const res = await sendChunks(t.app, as, upload, png, [1]);
    expect(res.json().data.state).toBe('complete');
    return { id: upload.id, sha: sha256(png) };
  }
  const post = (url: string, payload: unknown, as = auth) =>
    t.app.inject({ method: 'POST', url: `/api/user/works${url}`, headers: as, payload: payload as any });
  const row = async (id: number) =>
    (await t.db.query<Record<string, any>>('SELECT * FROM materials WHERE id = $1', [id])).rows[0];
  const form = (uploadId: string, over: Record<string, unknown> = {}) => ({
    uploadId,
    type: IMAGE,
    title: '西湖晨雾',
    tags: ['西湖', '晨雾'],
    categoryId: imageCategory,
    price: 19.9,
    // The upload rules ask every work to declare AI generation (lumen:rules/material x-declarations).
    aiGenerated: false,
    ...over,
  });

  it('a draft with 上传即存证 gets its media job and a deposit of the original on the ledger, with certificate', async () => {
    const up = await uploaded();
    const res = await post('/', form(up.id, { deposit: true, modelRelease: true }));
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toContain('草稿');
    const [w] = res.json().data.works;
    const m = await row(w.id);
    expect(m).toMatchObject({
      status: 9,
      owner_id: creatorId,
      upload_id: up.id,
      title: '西湖晨雾',
      price_cents: 1990,
      category_id: imageCategory,
      model_release: true,
      property_release: false,
    });
    const job = (await t.db.query('SELECT task, state FROM jobs WHERE id = $1', [w.jobId])).rows[0];
    expect(job).toMatchObject({ task: 'media.process' });
    expect((await t.db.query('SELECT state FROM material_media WHERE material_id = $1', [w.id])).rows[0].state).toBe(
      'processing',
    );

    const dep = (
      await t.db.query<Record<string, any>>('SELECT * FROM evidence_deposits WHERE material_id = $1', [w.id])
    ).rows;
    expect(dep).toHaveLength(1);
    expect(dep[0]).toMatchObject({ status: 1, sha256: up.sha, cert_no: w.certNo, work_category: 1 });
    const verify = await t.app.inject({ method: 'GET', url: `/api/protection/deposit/verify/${w.certNo}` });
    expect(verify.json().data).toMatchObject({ valid: true, sha256: up.sha });
    const events = (
      await t.db.query<{ action: string }>('SELECT action FROM work_events WHERE material_id = $1 ORDER BY id', [w.id])
    ).rows.map((e) => e.action);
    expect(events).toEqual(['created']);

    // The same upload never makes a second work.
    const again = await post('/', form(up.id));
    expect(again.statusCode).toBe(409);
    expect(again.json().data.fieldErrors['/uploadId']).toContain('已创建过作品');
  });

  it('without 上传即存证 no deposit is made; submitting sends the work to review', async () => {
    const up = await uploaded();
    const res = await post('/', { ...form(up.id, { deposit: false }), submit: true });
    expect(res.statusCode).toBe(200);
    const [w] = res.json().data.works;
    expect(w.certNo).toBeNull();
    expect((await row(w.id)).status).toBe(0);
    expect((await t.db.query('SELECT 1 FROM evidence_deposits WHERE material_id = $1', [w.id])).rows).toHaveLength(0);
  });

  it("refuses another user's upload, a category of another type and an invalid form, with field errors", async () => {
    const theirs = await uploaded(other);
    const r1 = await post('/', form(theirs.id));
    expect(r1.statusCode).toBe(409);
    expect(r1.json().msg).toBe('上传的文件不存在或尚未上传完成');
    const mine = await uploaded();
    const r2 = await post('/', form(mine.id, { categoryId: videoCategory }));
    expect([r2.statusCode, r2.json().data.fieldErrors['/categoryId']]).toEqual([409, '请选择该素材类型下的分类']);
    const r3 = await post('/', form(mine.id, { title: '西' }));
    expect([r3.statusCode, r3.json().msg]).toEqual([400, '作品标题需为2至60个字']);
    expect((await t.db.query('SELECT 1 FROM materials WHERE upload_id = $1', [mine.id])).rows).toHaveLength(0);
  });

  it('a batch creates every work or none, and names the failing item', async () => {
    const a = await uploaded();
    const b = await uploaded();
    const bad = await post('/batch', { items: [form(a.id), form(b.id, { title: 'x' })], submit: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('第2个作品：作品标题需为2至60个字');
    expect(bad.json().data.fieldErrors['/items/1/title']).toBe('作品标题需为2至60个字');
    const twice = await post('/batch', { items: [form(a.id), form(a.id)] });
    expect([twice.statusCode, twice.json().data.fieldErrors['/items/1/uploadId']]).toEqual([
      409,
      '同一个文件只能创建一个作品',
    ]);
    // The second item's upload is another user's: the first item's work is rolled back too.
    const theirs = await uploaded(other);
    const mixed = await post('/batch', { items: [form(a.id), form(theirs.id)] });
    expect(mixed.statusCode).toBe(409);
    expect((await t.db.query('SELECT 1 FROM materials WHERE upload_id = $1', [a.id])).rows).toHaveLength(0);

    const awaiting = await t.app.inject({
      method: 'GET',
      url: `/api/user/works/uploads?workType=${IMAGE}`,
      headers: auth,
    });
    const ids = awaiting.json().data.list.map((u: { id: string }) => u.id);
    expect(ids).toEqual(expect.arrayContaining([a.id, b.id]));

    const okRes = await post('/batch', {
      items: [form(a.id, { title: '批量一' }), form(b.id, { title: '批量二', price: 5 })],
      submit: true,
    });
    expect(okRes.statusCode).toBe(200);
    const works = okRes.json().data.works;
    expect(
      await Promise.all(
        works.map(async (w: { id: number }) => {
          const m = await row(w.id);
          return [m.title, m.status, m.price_cents];
        }),
      ),
    ).toEqual([
      ['批量一', 0, 1990],
      ['批量二', 0, 500],
    ]);
    const after = (
      await t.app.inject({ method: 'GET', url: `/api/user/works/uploads?workType=${IMAGE}`, headers: auth })
    )
      .json()
      .data.list.map((u: { id: string }) => u.id);
    expect(after).not.toContain(a.id);
    expect(after).not.toContain(b.id);
  });

  it('parallel requests for one upload create exactly one work', async () => {
    const up = await uploaded();
    const answers = await Promise.all([1, 2, 3, 4].map(() => post('/', form(up.id))));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect((await t.db.query('SELECT 1 FROM materials WHERE upload_id = $1', [up.id])).rows).toHaveLength(1);
  });
});
