import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMaterials } from '../../server/src/repositories/materials.js';
import { api, makeCatalogueApp, SEED_TIMEOUT, type CatalogueApp } from './catalogue-fixture.js';

describe('catalogue items, index and public files', () => {
  let t: CatalogueApp;
  let hiddenId: number;
  let videoId: number;
  beforeAll(async () => {
    t = await makeCatalogueApp();
    hiddenId = Number((await t.db.query('SELECT id FROM materials WHERE status <> 1 LIMIT 1')).rows[0].id);
    videoId = Number(
      (
        await t.db.query(
          'SELECT m.id FROM materials m JOIN material_evidence e ON e.material_id = m.id WHERE m.type = 1 AND m.status = 1 ORDER BY m.id LIMIT 1',
        )
      ).rows[0].id,
    );
  }, SEED_TIMEOUT);
  afterAll(() => t?.close());

  it('detail counts a view and carries the metadata the page shows, never the original', async () => {
    await t.app.counters.flush();
    const before = (await t.db.query('SELECT views FROM materials WHERE id = $1', [videoId])).rows[0].views;
    const r = await api(t, `/api/items/detail/${videoId}`);
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d).toMatchObject({ id: videoId, type: 1, width: 1280, height: 720, format: 'MP4' });
    expect(d.durationSec).toBeGreaterThan(0);
    expect(d.fps).toBeGreaterThan(0);
    expect(d.sizeBytes).toBeGreaterThan(1000);
    expect(d.priceCents).toBeGreaterThan(0);
    expect(d.previewUrl).toMatch(/^\/files\/media-public\/.+\.mp4$/);
    expect(d.coverUrl).toMatch(/^\/files\/media-public\/.+\.jpg$/);
    expect(d.owner.nickname).toBeTruthy();
    expect(d.category.name).toBeTruthy();
    expect(JSON.stringify(d)).not.toContain('media-original');
    // The answer already includes this view; the row gets it with the next batched write.
    expect(d.views).toBe(Number(before) + 1);
    await t.app.counters.flush();
    expect(Number((await t.db.query('SELECT views FROM materials WHERE id = $1', [videoId])).rows[0].views)).toBe(
      Number(before) + 1,
    );
    // The list-convention read does not count a view.
    await api(t, `/api/items/${videoId}`);
    await t.app.counters.flush();
    expect(Number((await t.db.query('SELECT views FROM materials WHERE id = $1', [videoId])).rows[0].views)).toBe(
      Number(before) + 1,
    );
  });

  it('unknown and unapproved items answer a 404 envelope on every item route', async () => {
    for (const id of [999999, hiddenId]) {
      for (const p of ['detail/', 'owner/', 'similar/', 'evidence/', '']) {
        const r = await api(t, `/api/items/${p}${id}`);
        expect(r.status, p + id).toBe(404);
        expect(r.body).toMatchObject({ code: 404, success: false, msg: '素材不存在或已下架' });
      }
    }
    const bad = await api(t, '/api/items/detail/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
  });

  it("owner card counts the creator's approved works", async () => {
    const r = await api(t, `/api/items/owner/${videoId}`);
    const ownerId = Number(
      (await t.db.query('SELECT owner_id FROM materials WHERE id = $1', [videoId])).rows[0].owner_id,
    );
    const works = Number(
      (await t.db.query('SELECT count(*) AS n FROM materials WHERE owner_id = $1 AND status = 1', [ownerId])).rows[0].n,
    );
    expect(r.body.data).toMatchObject({ id: ownerId, counts: { works } });
    expect(r.body.data.recent.length).toBeGreaterThan(0);
    expect(r.body.data.recent.every((c: { id: number }) => c.id !== videoId)).toBe(true);
  });

  it('similar items share the type and a tag or the category, excluding the item itself', async () => {
    const d = (await api(t, `/api/items/${videoId}`)).body.data;
    const r = await api(t, `/api/items/similar/${videoId}?limit=6`);
    expect(r.body.data).toHaveLength(6);
    for (const c of r.body.data) {
      expect(c.id).not.toBe(videoId);
      expect(c.type).toBe(d.type);
      expect(c.categoryId === d.categoryId || c.tags.some((x: string) => d.tags.includes(x))).toBe(true);
    }
  });

  it('a seeded evidence badge leads to a certificate the public check resolves and verifies on the ledger', async () => {
    const ev = (await api(t, `/api/items/evidence/${videoId}`)).body.data;
    const certNo = /\/certifiy\/copyright\/deposit\/([^/?#]+)$/.exec(ev.certificateUrl)![1];
    expect(certNo).toBe(ev.certNo);
    const check = await api(t, `/api/protection/deposit/verify/${certNo}`);
    expect(check.status).toBe(200);
    const title = (await t.db.query('SELECT title FROM materials WHERE id = $1', [videoId])).rows[0].title;
    expect(check.body.data).toMatchObject({
      certNo,
      valid: true,
      workName: title,
      sha256: ev.fileHash,
      reason: '校验通过：存证记录包含在已签名的默克尔日志中',
    });
    expect(check.body.data.blockHash).toBe(ev.ledgerHash);
    // Every seeded badge resolves (none is left pointing at a number the check page cannot find).
    const all = (
      await t.db.query(
        'SELECT e.cert_no FROM material_evidence e LEFT JOIN evidence_deposits d ON d.cert_no = e.cert_no WHERE d.id IS NULL',
      )
    ).rows;
    expect(all).toEqual([]);
  });

  it('evidence returns the certificate when one exists and null otherwise', async () => {
    const r = await api(t, `/api/items/evidence/${videoId}`);
    expect(r.body.data).toMatchObject({
      certNo: expect.stringMatching(/^LM[0-9]{16}-[0-9A-Z]{6}$/),
      fileHash: expect.stringMatching(/^[a-f0-9]{64}$/),
      certificateUrl: expect.stringContaining('/certifiy/copyright/deposit/'),
    });
    const none = (
      await t.db.query(
        'SELECT id FROM materials m WHERE status = 1 AND NOT EXISTS (SELECT 1 FROM material_evidence e WHERE e.material_id = m.id) LIMIT 1',
      )
    ).rows[0].id;
    const n = await api(t, `/api/items/evidence/${none}`);
    expect(n.status).toBe(200);
    expect(n.body.data).toBeNull();
  });

  it('list follows the list convention over approved items', async () => {
    const r = await api(t, '/api/items/list?page=2&pageSize=5&sort=priceCents&order=asc&type=11');
    expect(r.body.data.list).toHaveLength(5);
    expect(r.body.data.total).toBe(
      Number((await t.db.query('SELECT count(*) AS n FROM materials WHERE type = 11 AND status = 1')).rows[0].n),
    );
    const prices = r.body.data.list.map((c: { priceCents: number }) => c.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('list counts only up to the cap, so a page costs the same however large the catalogue', async () => {
    const all = Number((await t.db.query('SELECT count(*) AS n FROM materials WHERE status = 1')).rows[0].n);
    const capped = await listMaterials(t.db, { pageSize: 5 }, 3);
    expect(capped).toMatchObject({ total: 3, totalCapped: true });
    expect(capped.list).toHaveLength(5);
    expect(await listMaterials(t.db, { pageSize: 5 }, all)).toMatchObject({ total: all, totalCapped: false });
    expect((await api(t, '/api/items/list?pageSize=5')).body.data).toMatchObject({ total: all, totalCapped: false });
  });

  it('list sorts by several keys in turn and refuses an unknown direction in Chinese', async () => {
    const r = await api(t, '/api/items/list?pageSize=60&sort=priceCents,downloads&order=asc,desc');
    const rows = r.body.data.list.map((c: { priceCents: number; downloads: number }) => [c.priceCents, c.downloads]);
    const expected = [...rows].sort((a, b) => a[0] - b[0] || b[1] - a[1]);
    expect(rows).toEqual(expected);
    // The seed has equal prices, so the second key really decides some pairs.
    expect(new Set(rows.map((x: number[]) => x[0])).size).toBeLessThan(rows.length);
    const bad = await api(t, '/api/items/list?sort=priceCents&order=up');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('排序方向格式不正确');
    expect((await api(t, '/api/items/list?sort=title')).body.msg).toBe('排序字段格式不正确');
  });

  it('index serves curated sections, categories, newest, popular, albums and hot keywords', async () => {
    const rec = (await api(t, '/api/index/recommend?sections=3&limit=4')).body.data.sections;
    expect(rec).toHaveLength(3);
    expect(rec[0].items.length).toBeGreaterThan(0);
    const cats = (await api(t, '/api/index/categories?type=1')).body.data;
    expect(cats.map((c: { name: string }) => c.name)).toContain('自然风光');
    expect(cats.every((c: { type: number }) => c.type === 1)).toBe(true);
    const cat = await api(t, `/api/index/category/${cats[0].id}`);
    expect(cat.body.data).toMatchObject({ id: cats[0].id, name: cats[0].name });
    expect((await api(t, '/api/index/category/99999')).status).toBe(404);
    const newest = (await api(t, '/api/index/newest?type=2&limit=5')).body.data;
    expect(newest).toHaveLength(5);
    expect(newest.every((c: { type: number }) => c.type === 2)).toBe(true);
    const popular = (await api(t, '/api/index/popular?limit=3')).body.data;
    expect(popular[0].downloads).toBeGreaterThanOrEqual(popular[2].downloads);
    const albums = (await api(t, '/api/index/albums?type=11')).body.data;
    expect(albums.total).toBeGreaterThan(0);
    const album = (await api(t, `/api/index/album/${albums.list[0].id}`)).body.data;
    expect(album.items).toHaveLength(album.itemCount);
    expect((await api(t, '/api/index/album/99999')).status).toBe(404);
    expect((await api(t, '/api/index/hot-keywords?limit=5')).body.data).toHaveLength(5);
  });

  it('serves public media with long caching and ranges, refuses originals and traversal', async () => {
    const d = (await api(t, `/api/items/${videoId}`)).body.data;
    const cover = await t.app.inject(d.coverUrl);
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/jpeg');
    expect(cover.headers['cache-control']).toContain('immutable');
    const clip = await t.app.inject({ url: d.previewUrl, headers: { range: 'bytes=0-1023' } });
    expect(clip.statusCode).toBe(206);
    expect(clip.headers['content-type']).toBe('video/mp4');
    const original = String(
      (await t.db.query('SELECT original_path FROM materials WHERE id = $1', [videoId])).rows[0].original_path,
    );
    const publicPart = d.previewUrl.replace('/files/media-public/', '');
    for (const url of [
      `/files/${original}`,
      `/files/media-public/../${original}`,
      `/files/media-public/%2e%2e/${original}`,
      `/files/media-public/..%2f${original.replace(/\//g, '%2f')}`,
      `/files/media-public/${publicPart}/../../../../../etc/passwd`,
      '/files/media-public/',
      '/files/',
    ]) {
      const r = await t.app.inject(url);
      expect(r.statusCode, url).toBe(404);
      expect(r.headers['content-type'], url).toContain('application/json');
    }
  });
});
