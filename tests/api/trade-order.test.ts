import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../helpers/app.js';
import { addCoupon, call, makeMaterial } from '../helpers/trade.js';
import { expireOrders } from '../../server/src/repositories/orders.js';

describe('cart, licence rules, pricing, coupons and orders', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let personal: Awaited<ReturnType<typeof makeUser>>;
  let company: Awaited<ReturnType<typeof makeUser>>;
  let enhanced: Awaited<ReturnType<typeof makeUser>>;
  let mat: number;
  beforeAll(async () => {
    t = await makeTestApp();
    personal = await makeUser(t.db);
    company = await makeUser(t.db, { owner_type: 'ORGANISATIONS', company_name: '星河文化传媒有限公司' });
    enhanced = await makeUser(t.db, {
      owner_type: 'ORGANISATIONS',
      enhanced_auth: true,
      company_name: '光影影视制作有限公司',
    });
    mat = await makeMaterial(t.app, t.db, { priceCents: 10000 });
  });
  afterAll(() => t.close());

  it('needs a login for the cart', async () => {
    const r = await call(t.app, 'GET', '/api/trade/cart/list');
    expect(r.status).toBe(401);
    expect(r.body.msg).toBe('还没有登录哦，请登录后完成此操作');
  });

  it('lets a personal account buy personal scenarios only', async () => {
    expect(
      (await call(t.app, 'POST', '/api/trade/cart', personal.auth, { materialId: mat, scenario: 'personal_media' }))
        .status,
    ).toBe(200);
    const refused = await call(t.app, 'POST', '/api/trade/cart', personal.auth, {
      materialId: mat,
      scenario: 'ecommerce_ads',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toContain('企业授权');
    const direct = await call(t.app, 'POST', '/api/trade/order', personal.auth, {
      from: 'direct',
      items: [{ materialId: mat, scenario: 'film_tv' }],
    });
    expect(direct.status).toBe(403);
    expect(direct.body.msg).toContain('加强授权');
  });

  it('lets a company buy company scenarios but not enhanced ones; enhanced companies buy all', async () => {
    expect(
      (
        await call(t.app, 'POST', '/api/trade/quote', company.auth, {
          from: 'direct',
          items: [{ materialId: mat, scenario: 'ecommerce_ads' }],
        })
      ).status,
    ).toBe(200);
    const refused = await call(t.app, 'POST', '/api/trade/quote', company.auth, {
      from: 'direct',
      items: [{ materialId: mat, scenario: 'game_app' }],
    });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toContain('加强授权');
    const ok = await call(t.app, 'POST', '/api/trade/quote', enhanced.auth, {
      from: 'direct',
      items: [{ materialId: mat, scenario: 'game_app' }],
    });
    expect(ok.body.data.lines[0]).toMatchObject({ level: 'enhanced', priceCents: 80000 });
  });

  it('prices by level on the server: personal x1, company x3', async () => {
    const q = await call(t.app, 'POST', '/api/trade/quote', company.auth, {
      from: 'direct',
      items: [
        { materialId: mat, scenario: 'personal_study' },
        { materialId: mat, scenario: 'print_publishing' },
      ],
    });
    expect(q.body.data.lines.map((l: any) => l.priceCents)).toEqual([10000, 30000]);
    expect(q.body.data).toMatchObject({
      subtotalCents: 40000,
      amountCents: 40000,
      licensee: { type: 'ORGANISATIONS', name: '星河文化传媒有限公司' },
    });
  });

  it('refuses client-sent prices', async () => {
    const r = await call(t.app, 'POST', '/api/trade/order', company.auth, {
      from: 'direct',
      items: [{ materialId: mat, scenario: 'ecommerce_ads', priceCents: 1 }],
    });
    expect(r.status).toBe(400);
    expect(r.body.msg).toContain('价格由服务器计算');
    const r2 = await call(t.app, 'POST', '/api/trade/order', company.auth, {
      from: 'direct',
      items: [{ materialId: mat, scenario: 'ecommerce_ads' }],
      amountCents: 1,
    });
    expect(r2.status).toBe(400);
    expect((await t.db.query('SELECT 1 FROM orders WHERE user_id = $1', [company.id])).rows).toHaveLength(0);
  });

  it('refuses a personal licensee for company scenarios', async () => {
    const r = await call(t.app, 'POST', '/api/trade/quote', company.auth, {
      from: 'direct',
      licenseeType: 'PERSONAL',
      items: [{ materialId: mat, scenario: 'ecommerce_ads' }],
    });
    expect(r.status).toBe(400);
    expect(r.body.msg).toContain('被授权方必须是企业');
  });

  it('changes a cart line scenario, counts, removes; others cannot touch my lines', async () => {
    const add = await call(t.app, 'POST', '/api/trade/cart', company.auth, {
      materialId: mat,
      scenario: 'personal_study',
    });
    const id = add.body.data.id;
    expect(
      (await call(t.app, 'PUT', `/api/trade/cart/${id}`, company.auth, { scenario: 'offline_events' })).status,
    ).toBe(200);
    const list = await call(t.app, 'GET', '/api/trade/cart/list', company.auth);
    expect(list.body.data.list[0]).toMatchObject({
      id,
      scenario: 'offline_events',
      priceCents: 30000,
      scenarioName: '线下活动展示',
    });
    expect((await call(t.app, 'GET', '/api/trade/cart/count', company.auth)).body.data.count).toBe(1);
    expect(
      (await call(t.app, 'PUT', `/api/trade/cart/${id}`, personal.auth, { scenario: 'personal_study' })).status,
    ).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/trade/cart/${id}`, personal.auth)).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/trade/cart/${id}`, company.auth)).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/trade/cart/count', company.auth)).body.data.count).toBe(0);
  });

  it('enforces coupon threshold, expiry, used and cancelled states', async () => {
    const u = await makeUser(t.db, { owner_type: 'ORGANISATIONS', company_name: '测试公司' });
    const big = await addCoupon(t.db, u.id, { amountCents: 2000, thresholdCents: 50000 });
    const expired = await addCoupon(t.db, u.id, { amountCents: 500, expiresInMs: -1000 });
    const cancelled = await addCoupon(t.db, u.id, { amountCents: 500, status: 4 });
    const good = await addCoupon(t.db, u.id, { amountCents: 1500, thresholdCents: 10000 });
    const notYet = await addCoupon(t.db, u.id, { amountCents: 500, status: 0, validInMs: 3_600_000 });
    const body = (couponId: number) => ({
      from: 'direct',
      items: [{ materialId: mat, scenario: 'ecommerce_ads' }],
      couponId,
    });
    const th = await call(t.app, 'POST', '/api/trade/order', u.auth, body(big));
    expect(th.status).toBe(400);
    expect(th.body.msg).toContain('满 ¥500.00');
    expect((await call(t.app, 'POST', '/api/trade/order', u.auth, body(expired))).status).toBe(400);
    expect((await call(t.app, 'POST', '/api/trade/order', u.auth, body(cancelled))).status).toBe(400);
    for (const path of ['/api/trade/quote', '/api/trade/order']) {
      const r = await call(t.app, 'POST', path, u.auth, body(notYet));
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe('优惠券暂不可用');
    }
    expect((await t.db.query('SELECT status, order_id FROM coupons WHERE id = $1', [notYet])).rows[0]).toMatchObject({
      status: 0,
      order_id: null,
    });
    const other = await makeUser(t.db);
    const foreign = await addCoupon(t.db, other.id, { amountCents: 500 });
    expect((await call(t.app, 'POST', '/api/trade/order', u.auth, body(foreign))).status).toBe(400);

    const ok = await call(t.app, 'POST', '/api/trade/order', u.auth, body(good));
    expect(ok.status).toBe(200);
    expect(ok.body.data.amountCents).toBe(30000 - 1500);
    const used = await call(t.app, 'POST', '/api/trade/order', u.auth, body(good));
    expect(used.status).toBe(400);
    const list = await call(t.app, 'GET', '/api/discount/list?pageSize=20', u.auth);
    const statusOf = (id: number) => list.body.data.list.find((c: any) => c.id === id).status;
    expect([statusOf(good), statusOf(expired), statusOf(cancelled), statusOf(big), statusOf(notYet)]).toEqual([
      2, 3, 4, 1, 0,
    ]);
  });

  it('expires unpaid orders after 30 minutes and releases their coupon', async () => {
    const u = await makeUser(t.db, { owner_type: 'ORGANISATIONS', company_name: '过期测试公司' });
    const c = await addCoupon(t.db, u.id, { amountCents: 1000 });
    const o = await call(t.app, 'POST', '/api/trade/order', u.auth, {
      from: 'direct',
      items: [{ materialId: mat, scenario: 'personal_study' }],
      couponId: c,
    });
    const id = o.body.data.id;
    const row = (
      await t.db.query<{ ms: number }>(
        'SELECT extract(epoch FROM expires_at - created_at)::int AS ms FROM orders WHERE id = $1',
        [id],
      )
    ).rows[0];
    expect(Number(row.ms)).toBe(1800);
    await t.db.query("UPDATE orders SET expires_at = now() - interval '1 second' WHERE id = $1", [id]);
    const detail = await call(t.app, 'GET', `/api/order/${id}`, u.auth);
    expect(detail.body.data.status).toBe('expired');
    const coupon = (await t.db.query('SELECT status, order_id FROM coupons WHERE id = $1', [c])).rows[0];
    expect(coupon).toMatchObject({ status: 1, order_id: null });
    const pay = await call(t.app, 'POST', '/api/trade/pay/create', u.auth, { orderId: id, provider: 'wechat' });
    expect(pay.status).toBe(409);
    expect(pay.body.msg).toContain('超时');
  });

  it('the periodic sweep expires every overdue order without anyone reading it', async () => {
    const u = await makeUser(t.db);
    const c = await addCoupon(t.db, u.id, { amountCents: 300 });
    const o = await call(t.app, 'POST', '/api/trade/order', u.auth, {
      from: 'direct',
      items: [{ materialId: mat, scenario: 'personal_media' }],
      couponId: c,
    });
    await t.db.query("UPDATE orders SET expires_at = now() - interval '1 minute' WHERE id = $1", [o.body.data.id]);
    expect(await expireOrders(t.db)).toBeGreaterThanOrEqual(1);
    expect((await t.db.query('SELECT status FROM orders WHERE id = $1', [o.body.data.id])).rows[0].status).toBe(
      'expired',
    );
    expect((await t.db.query('SELECT status FROM coupons WHERE id = $1', [c])).rows[0].status).toBe(1);
  });

  it('places an order from a cart subset and leaves the rest in the cart', async () => {
    const u = await makeUser(t.db, { owner_type: 'ORGANISATIONS', company_name: '购物车公司' });
    const m2 = await makeMaterial(t.app, t.db, { title: '城市夜景延时', priceCents: 5000 });
    const a = (await call(t.app, 'POST', '/api/trade/cart', u.auth, { materialId: mat, scenario: 'ecommerce_ads' }))
      .body.data.id;
    await call(t.app, 'POST', '/api/trade/cart', u.auth, { materialId: m2, scenario: 'personal_study' });
    const o = await call(t.app, 'POST', '/api/trade/order', u.auth, { from: 'cart', cartIds: [a] });
    expect(o.body.data.amountCents).toBe(30000);
    const left = await call(t.app, 'GET', '/api/trade/cart/list', u.auth);
    expect(left.body.data.list.map((l: any) => l.materialId)).toEqual([m2]);
  });

  it('sells only approved materials: hidden ones are refused for the cart, direct orders, cart orders and payment', async () => {
    const u = await makeUser(t.db);
    const hidden = await makeMaterial(t.app, t.db, { title: '待审核素材' });
    await t.db.query('UPDATE materials SET status = 0 WHERE id = $1', [hidden]);
    const add = await call(t.app, 'POST', '/api/trade/cart', u.auth, {
      materialId: hidden,
      scenario: 'personal_media',
    });
    expect(add.status).toBe(409);
    expect(add.body.msg).toBe('该素材已下架，无法加入购物车');
    expect((await call(t.app, 'GET', '/api/trade/cart/count', u.auth)).body.data.count).toBe(0);
    expect(
      (await call(t.app, 'POST', '/api/trade/cart', u.auth, { materialId: 99999999, scenario: 'personal_media' })).body
        .msg,
    ).toBe('素材不存在');

    const direct = await call(t.app, 'POST', '/api/trade/order', u.auth, {
      from: 'direct',
      items: [{ materialId: hidden, scenario: 'personal_media' }],
    });
    expect(direct.status).toBe(409);
    expect(direct.body.msg).toBe('该素材已下架，无法购买');

    // Carted while approved, taken down afterwards: listed as unavailable, refused at checkout.
    const later = await makeMaterial(t.app, t.db, { title: '已下架的航拍' });
    const line = (
      await call(t.app, 'POST', '/api/trade/cart', u.auth, { materialId: later, scenario: 'personal_media' })
    ).body.data.id;
    const pending = (
      await call(t.app, 'POST', '/api/trade/order', u.auth, {
        from: 'direct',
        items: [{ materialId: later, scenario: 'personal_media' }],
      })
    ).body.data;
    await t.db.query('UPDATE materials SET status = 3 WHERE id = $1', [later]);
    expect((await call(t.app, 'GET', '/api/trade/cart/list', u.auth)).body.data.list[0]).toMatchObject({
      id: line,
      available: false,
    });
    for (const path of ['/api/trade/order', '/api/trade/quote']) {
      const r = await call(t.app, 'POST', path, u.auth, { from: 'cart', cartIds: [line] });
      expect(r.status).toBe(409);
      expect(r.body.msg).toBe('购物车中的「已下架的航拍」已下架，请移除后再结算');
    }
    expect((await call(t.app, 'POST', '/api/trade/order', u.auth, { from: 'cart' })).status).toBe(409);
    const pay = await call(t.app, 'POST', '/api/trade/pay/create', u.auth, { orderId: pending.id, provider: 'wechat' });
    expect(pay.status).toBe(409);
    expect(pay.body.msg).toContain('已下架，无法支付');
    expect((await t.db.query('SELECT count(*)::int AS n FROM orders WHERE user_id = $1', [u.id])).rows[0].n).toBe(1);
  });

  it("hides another user's order (404) and lists only mine", async () => {
    const o = await call(t.app, 'POST', '/api/trade/order', company.auth, {
      from: 'direct',
      items: [{ materialId: mat, scenario: 'ecommerce_ads' }],
    });
    const id = o.body.data.id;
    expect((await call(t.app, 'GET', `/api/order/${id}`, company.auth)).body.data.items[0]).toMatchObject({
      scenarioName: '电商广告',
      priceCents: 30000,
    });
    expect((await call(t.app, 'GET', `/api/order/${id}`, personal.auth)).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/trade/pay/state/${id}`, personal.auth)).status).toBe(404);
    expect(
      (await call(t.app, 'POST', '/api/trade/pay/create', personal.auth, { orderId: id, provider: 'alipay' })).status,
    ).toBe(404);
    expect((await call(t.app, 'POST', `/api/order/${id}/cancel`, personal.auth)).status).toBe(404);
    const mine = await call(t.app, 'GET', '/api/order/list?status=pending', company.auth);
    expect(mine.body.data.list.every((x: any) => x.userId === company.id)).toBe(true);
    expect(
      (await call(t.app, 'GET', '/api/order/list', personal.auth)).body.data.list.find((x: any) => x.id === id),
    ).toBeUndefined();
  });
});
