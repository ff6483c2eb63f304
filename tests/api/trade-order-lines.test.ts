import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../helpers/app.js';
import { call, makeMaterial } from '../helpers/trade.js';

describe('order lines: no duplicates, no second purchase of a licence already held', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let company: Awaited<ReturnType<typeof makeUser>>;
  beforeAll(async () => {
    t = await makeTestApp();
    company = await makeUser(t.db, { owner_type: 'ORGANISATIONS', company_name: '重复购买测试公司' });
    await t.db.query('UPDATE users SET balance_cents = 10000000 WHERE id = $1', [company.id]);
  });
  afterAll(() => t.close());

  const direct = (items: Array<{ materialId: number; scenario: string }>) => ({ from: 'direct', items });
  const buyAndPay = async (materialId: number, scenario: string) => {
    const o = (await call(t.app, 'POST', '/api/trade/order', company.auth, direct([{ materialId, scenario }]))).body
      .data;
    expect((await call(t.app, 'POST', '/api/trade/pay/wallet', company.auth, { orderId: o.id })).status).toBe(200);
    return o;
  };

  it('refuses an order or quote repeating one material and scenario (50 identical lines included)', async () => {
    const mat = await makeMaterial(t.app, t.db, { priceCents: 1000 });
    const line = { materialId: mat, scenario: 'enterprise_promotion' };
    for (const items of [[line, line], Array.from({ length: 50 }, () => line)]) {
      for (const url of ['/api/trade/order', '/api/trade/quote']) {
        const r = await call(t.app, 'POST', url, company.auth, direct(items));
        expect(r.status, url).toBe(400);
        expect(r.body.msg).toContain('重复');
      }
    }
    expect((await t.db.query('SELECT count(*)::int AS n FROM orders WHERE user_id = $1', [company.id])).rows[0].n).toBe(
      0,
    );
    // Two scenarios of one material are two licences: allowed.
    const two = await call(
      t.app,
      'POST',
      '/api/trade/order',
      company.auth,
      direct([line, { materialId: mat, scenario: 'print_publishing' }]),
    );
    expect(two.status).toBe(200);
  });

  it('flags a held licence in the quote and the cart, and refuses to order it again; another scenario is fine', async () => {
    const mat = await makeMaterial(t.app, t.db, { priceCents: 2000 });
    await buyAndPay(mat, 'ecommerce_ads');

    const q = await call(
      t.app,
      'POST',
      '/api/trade/quote',
      company.auth,
      direct([
        { materialId: mat, scenario: 'ecommerce_ads' },
        { materialId: mat, scenario: 'print_publishing' },
      ]),
    );
    expect(q.status).toBe(200);
    expect(q.body.data.lines.map((l: any) => l.held)).toEqual([true, false]);

    const again = await call(
      t.app,
      'POST',
      '/api/trade/order',
      company.auth,
      direct([{ materialId: mat, scenario: 'ecommerce_ads' }]),
    );
    expect(again.status).toBe(409);
    expect(again.body.msg).toMatch(/已持有.*授权/);

    expect(
      (await call(t.app, 'POST', '/api/trade/cart', company.auth, { materialId: mat, scenario: 'ecommerce_ads' }))
        .status,
    ).toBe(200);
    const cart = (await call(t.app, 'GET', '/api/trade/cart/list', company.auth)).body.data.list;
    expect(cart.find((l: any) => l.materialId === mat)).toMatchObject({ scenario: 'ecommerce_ads', held: true });
    expect((await call(t.app, 'POST', '/api/trade/order', company.auth, { from: 'cart' })).status).toBe(409);

    expect(
      (
        await call(
          t.app,
          'POST',
          '/api/trade/order',
          company.auth,
          direct([{ materialId: mat, scenario: 'print_publishing' }]),
        )
      ).status,
    ).toBe(200);
  });

  it('refuses to pay an older order for a licence another order has granted since', async () => {
    const mat = await makeMaterial(t.app, t.db, { priceCents: 3000 });
    const line = [{ materialId: mat, scenario: 'enterprise_promotion' }];
    const older = (await call(t.app, 'POST', '/api/trade/order', company.auth, direct(line))).body.data;
    await buyAndPay(mat, 'enterprise_promotion');
    const balance = (await call(t.app, 'GET', '/api/wallet/info', company.auth)).body.data.balanceCents;
    for (const [url, body] of [
      ['/api/trade/pay/wallet', { orderId: older.id }],
      ['/api/trade/pay/create', { orderId: older.id, provider: 'wechat' }],
    ] as const) {
      const r = await call(t.app, 'POST', url, company.auth, body);
      expect(r.status, url).toBe(409);
      expect(r.body.msg).toContain('已持有');
    }
    expect((await call(t.app, 'GET', '/api/wallet/info', company.auth)).body.data.balanceCents).toBe(balance);
  });
});
