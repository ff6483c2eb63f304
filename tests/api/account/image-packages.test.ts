import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { call } from '../../helpers/trade.js';
import { buyServiceWithWallet } from '../../helpers/service-orders.js';

describe('image download packages: bought through checkout, one unit per download key, atomically', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let alice: Awaited<ReturnType<typeof makeUser>>;
  let bob: Awaited<ReturnType<typeof makeUser>>;
  let images: number[];
  let video: number;

  beforeAll(async () => {
    t = await makeTestApp();
    alice = await makeUser(t.db);
    bob = await makeUser(t.db);
    images = [];
    for (let i = 0; i < 12; i++) {
      const key = await t.app.storage.put(t.app.storage.newKey('originals', 'jpg'), Buffer.from(`jpeg bytes ${i}`));
      const r = await t.db.query<{ id: number }>(
        `INSERT INTO materials(type, title, price_cents, original_path, format) VALUES (11, $1, 1000, $2, 'JPG') RETURNING id`,
        [`山水图 ${i}`, key],
      );
      images.push(Number(r.rows[0].id));
    }
    video = Number(
      (
        await t.db.query<{ id: number }>(
          `INSERT INTO materials(type, title, price_cents, original_path) VALUES (1, '视频', 1000, 'x') RETURNING id`,
        )
      ).rows[0].id,
    );
  });
  afterAll(() => t?.close());

  const download = (who: typeof alice, materialId: number, idempotencyKey: string) =>
    call(t.app, 'POST', '/api/user/image-downloads', who.auth, { materialId, idempotencyKey });
  const left = async (who: typeof alice) =>
    (await call(t.app, 'GET', '/api/service-orders/quota?service=image_download', who.auth)).body.data.list[0]?.left ??
    0;

  it('refuses a download without a package (402, where to buy), and a non-image', async () => {
    const r = await download(alice, images[0], 'no-package-0001');
    expect(r.status).toBe(402);
    expect(r.body.msg).toContain('图片下载套餐');
    expect((await download(alice, video, 'video-key-0001')).status).toBe(404);
    expect((await download(alice, images[0], 'x')).status).toBe(400);
  });

  it('parallel downloads never take more than the package holds; a retried key takes nothing more', async () => {
    const order = await buyServiceWithWallet(t.app, t.db, alice, 'image_download_10');
    expect(order.amountCents).toBe(9900);
    expect(await left(alice)).toBe(10);

    // 12 different images in parallel against 10 units: exactly 10 succeed.
    const answers = await Promise.all(images.map((m, i) => download(alice, m, `parallel-key-${i}`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 402)).toHaveLength(2);
    expect(await left(alice)).toBe(0);
    const uses = await t.db.query(
      `SELECT count(*)::int AS n FROM service_quota_uses WHERE user_id = $1 AND service = 'image_download'`,
      [alice.id],
    );
    expect(uses.rows[0].n).toBe(10);

    // A retry of a successful key answers the same download, even with the quota at 0.
    const ok = answers.findIndex((a) => a.status === 200);
    const again = await download(alice, images[ok], `parallel-key-${ok}`);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ id: answers[ok].body.data.id, repeated: true });
    // The same key for another image is refused.
    expect((await download(alice, images[(ok + 1) % 12], `parallel-key-${ok}`)).status).toBe(409);
  });

  it('the same key sent in parallel takes one unit', async () => {
    await buyServiceWithWallet(t.app, t.db, bob, 'image_download_10');
    const same = await Promise.all([1, 2, 3, 4].map(() => download(bob, images[0], 'retry-key-abcdef')));
    expect(same.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(same.map((a) => a.body.data.id)).size).toBe(1);
    expect(await left(bob)).toBe(9);
  });

  it('lists packages and downloads as the owner sees them, and serves a recorded download again for free', async () => {
    const pk = (await call(t.app, 'GET', '/api/user/image-packages/list', bob.auth)).body.data;
    expect(pk.list).toEqual([
      expect.objectContaining({ title: '图片下载套餐 10 张 30 天', quantity: 10, used: 1, left: 9, status: 0 }),
    ]);
    const dl = (await call(t.app, 'GET', '/api/user/image-downloads/list', bob.auth)).body.data;
    expect(dl.total).toBe(1);
    expect(dl.list[0]).toMatchObject({
      material_id: images[0],
      title: '山水图 0',
      package_title: '图片下载套餐 10 张 30 天',
    });
    const file = await call(t.app, 'GET', `/api/user/image-downloads/${dl.list[0].id}/file`, bob.auth);
    expect(file.status).toBe(200);
    expect(file.raw.rawPayload.toString()).toBe('jpeg bytes 0');
    expect(await left(bob)).toBe(9);
    expect((await call(t.app, 'GET', `/api/user/image-downloads/${dl.list[0].id}/file`, alice.auth)).status).toBe(404);
  });

  it('image-package orders are invoiced under /api/user/image-invoice, not with copyright services', async () => {
    const imageOrders = (await call(t.app, 'GET', '/api/user/image-invoice/orders', bob.auth)).body.data.list;
    expect(imageOrders).toHaveLength(1);
    expect((await call(t.app, 'GET', '/api/user/service-invoice/orders', bob.auth)).body.data.list).toEqual([]);
    const inv = await call(t.app, 'POST', '/api/user/image-invoice', bob.auth, {
      invoiceType: 0,
      taxRate: 6,
      title: '个人',
      email: 'b@x.cn',
      orders: [imageOrders[0].id],
    });
    expect(inv.status).toBe(200);
    expect(inv.body.data.amount_cents).toBe(9900);
    expect((await call(t.app, 'GET', '/api/user/image-invoice/list', bob.auth)).body.data.total).toBe(1);
    expect((await call(t.app, 'GET', '/api/user/service-invoice/list', bob.auth)).body.data.total).toBe(0);
  });
});
