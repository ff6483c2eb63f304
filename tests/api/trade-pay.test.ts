import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../helpers/app.js';
import { call, makeMaterial } from '../helpers/trade.js';
import { hmacSign } from '../../server/src/adapters/pay/sandbox.js';
import { expireOrders } from '../../server/src/repositories/orders.js';
import { payProviderKey } from '../../server/src/adapters/pay/index.js';
import { loadConfig } from '../../server/src/config.js';

const SECRET = 'test-pay-secret';
const WECHAT_KEY = payProviderKey(loadConfig({ PAY_SECRET: SECRET }), 'wechat');

describe('payment: sandbox provider callbacks, idempotency, wallet', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let buyer: Awaited<ReturnType<typeof makeUser>>;
  beforeAll(async () => {
    t = await makeTestApp({ PAY_SECRET: SECRET, PUBLIC_URL: 'http://shop.test' });
    buyer = await makeUser(t.db, { owner_type: 'ORGANISATIONS', company_name: '支付测试公司' });
  });
  afterAll(() => t.close());

  // A new material per order: buying a licence already held is refused.
  const newOrder = async () => {
    const mat = await makeMaterial(t.app, t.db, { priceCents: 2000 });
    return (
      await call(t.app, 'POST', '/api/trade/order', buyer.auth, {
        from: 'direct',
        items: [{ materialId: mat, scenario: 'enterprise_promotion' }],
      })
    ).body.data;
  };
  /** A WeChat callback; each notification id stands for its own transaction unless one is given. */
  const notify = (fields: Record<string, unknown>, key = WECHAT_KEY) => {
    const signed = { provider: 'wechat', transactionId: `tx-${fields.notifyId}`, ...fields };
    return call(t.app, 'POST', '/api/trade/pay/notify/wechat', undefined, { ...signed, sign: hmacSign(key, signed) });
  };
  const state = async (id: number) =>
    (await call(t.app, 'GET', `/api/trade/pay/state/${id}`, buyer.auth)).body.data.status;
  const licenceCount = async (orderId: number) =>
    (await t.db.query('SELECT count(*)::int AS n FROM licences WHERE order_id = $1', [orderId])).rows[0].n;

  it('creates a signed sandbox pay URL on the dev page', async () => {
    const o = await newOrder();
    const r = await call(t.app, 'POST', '/api/trade/pay/create', buyer.auth, { orderId: o.id, provider: 'alipay' });
    expect(r.body.data.payUrl).toMatch(/^http:\/\/shop\.test\/dev\/pay\?/);
    const url = new URL(r.body.data.payUrl);
    expect(url.searchParams.get('amountCents')).toBe('6000');
    const pageRes = await t.app.inject(url.pathname + url.search);
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.body).toContain('沙箱');
    expect(pageRes.body).toContain('¥60.00');
    url.searchParams.set('amountCents', '1');
    expect((await t.app.inject(url.pathname + url.search)).statusCode).toBe(400);
  });

  it('the dev page confirm sends a signed callback that pays the order and grants licences', async () => {
    const o = await newOrder();
    const { payUrl } = (
      await call(t.app, 'POST', '/api/trade/pay/create', buyer.auth, { orderId: o.id, provider: 'wechat' })
    ).body.data;
    const fields = Object.fromEntries(new URL(payUrl).searchParams);
    const r = await t.app.inject({
      method: 'POST',
      url: '/dev/pay',
      payload: new URLSearchParams({ ...fields, result: 'SUCCESS' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(r.body).toContain('支付成功');
    expect(await state(o.id)).toBe('paid');
    expect(await licenceCount(o.id)).toBe(1);
  });

  it('a failed sandbox payment leaves the order pending', async () => {
    const o = await newOrder();
    const { payUrl } = (
      await call(t.app, 'POST', '/api/trade/pay/create', buyer.auth, { orderId: o.id, provider: 'wechat' })
    ).body.data;
    const fields = Object.fromEntries(new URL(payUrl).searchParams);
    await t.app.inject({ method: 'POST', url: '/dev/pay', payload: { ...fields, result: 'FAIL' } });
    const s = (await call(t.app, 'GET', `/api/trade/pay/state/${o.id}`, buyer.auth)).body.data;
    expect(s).toMatchObject({ status: 'pending', lastNotify: 'FAIL' });
  });

  it('refuses a callback with a bad signature', async () => {
    const o = await newOrder();
    const r = await notify(
      { notifyId: 'n-bad', orderNo: o.orderNo, amountCents: o.amountCents, tradeStatus: 'SUCCESS', timestamp: 1 },
      'wrong-secret',
    );
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('签名校验失败');
    expect(await state(o.id)).toBe('pending');
  });

  it('refuses a callback with the wrong amount: the order stays unpaid and the money is owed back', async () => {
    const o = await newOrder();
    const r = await notify({
      notifyId: 'n-amount',
      orderNo: o.orderNo,
      amountCents: 1,
      tradeStatus: 'SUCCESS',
      timestamp: 1,
    });
    expect(r.status).toBe(400);
    expect(r.body.msg).toContain('金额');
    expect(await state(o.id)).toBe('pending');
    expect(await licenceCount(o.id)).toBe(0);
    expect(
      (await t.db.query('SELECT amount_cents, reason, status FROM refunds WHERE order_id = $1', [o.id])).rows,
    ).toEqual([{ amount_cents: 1, reason: 'amount_mismatch', status: 'due' }]);
  });

  it('is idempotent: a replayed callback changes nothing; a second payment grants nothing and is kept for a refund', async () => {
    const o = await newOrder();
    const f = {
      notifyId: 'n-dup',
      orderNo: o.orderNo,
      amountCents: o.amountCents,
      tradeStatus: 'SUCCESS',
      timestamp: 1,
    };
    const first = await notify(f);
    expect(first.status).toBe(200);
    const paidAt = (await t.db.query('SELECT paid_at FROM orders WHERE id = $1', [o.id])).rows[0].paid_at;
    const replays = await Promise.all([notify(f), notify(f), notify({ ...f, notifyId: 'n-dup-2' })]);
    expect(replays.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await t.db.query('SELECT paid_at FROM orders WHERE id = $1', [o.id])).rows[0].paid_at).toEqual(paidAt);
    expect(await licenceCount(o.id)).toBe(1);
    expect(
      (await t.db.query("SELECT count(*)::int AS n FROM pay_notifications WHERE notify_id = 'n-dup'")).rows[0].n,
    ).toBe(1);
    // The distinct notification was a second payment (another transaction): kept for a refund.
    expect((await t.db.query("SELECT result FROM pay_notifications WHERE notify_id = 'n-dup-2'")).rows[0].result).toBe(
      'paid_twice',
    );
    expect((await call(t.app, 'GET', `/api/order/${o.id}`, buyer.auth)).body.data).toMatchObject({
      status: 'paid',
      refundStatus: 'pending',
      refundCents: o.amountCents,
    });
  });

  it('records a payment that succeeds after the order expired as a pending refund, granting nothing', async () => {
    const o = await newOrder();
    // Past its deadline but not swept yet: the callback itself closes it.
    await t.db.query("UPDATE orders SET expires_at = now() - interval '1 second' WHERE id = $1", [o.id]);
    const f = {
      notifyId: 'n-late',
      orderNo: o.orderNo,
      amountCents: o.amountCents,
      tradeStatus: 'SUCCESS',
      timestamp: 1,
    };
    const r = await notify(f);
    expect(r.status).toBe(200);
    const detail = (await call(t.app, 'GET', `/api/order/${o.id}`, buyer.auth)).body.data;
    expect(detail).toMatchObject({
      status: 'expired',
      refundStatus: 'pending',
      refundCents: o.amountCents,
      paidAt: null,
    });
    expect(await licenceCount(o.id)).toBe(0);
    expect((await t.db.query("SELECT result FROM pay_notifications WHERE notify_id = 'n-late'")).rows[0].result).toBe(
      'paid_after_close',
    );
    // A replay changes nothing; a cancelled order's late payment is recorded the same way.
    expect((await notify(f)).status).toBe(200);
    expect(
      (await t.db.query('SELECT amount_cents FROM refunds WHERE order_id = $1', [o.id])).rows.map(
        (r) => r.amount_cents,
      ),
    ).toEqual([o.amountCents]);
    const c = await newOrder();
    expect((await call(t.app, 'POST', `/api/order/${c.id}/cancel`, buyer.auth)).status).toBe(200);
    expect((await notify({ ...f, notifyId: 'n-late-2', orderNo: c.orderNo })).status).toBe(200);
    expect((await call(t.app, 'GET', `/api/order/${c.id}`, buyer.auth)).body.data).toMatchObject({
      status: 'cancelled',
      refundStatus: 'pending',
    });
  });

  it('expires an order and releases its coupon together', async () => {
    const c = Number(
      (
        await t.db.query<{ id: number }>(
          "INSERT INTO coupons(user_id, name, amount_cents, expires_at) VALUES ($1, '过期回滚券', 100, now() + interval '1 day') RETURNING id",
          [buyer.id],
        )
      ).rows[0].id,
    );
    const mat = await makeMaterial(t.app, t.db, { priceCents: 2000 });
    const o = (
      await call(t.app, 'POST', '/api/trade/order', buyer.auth, {
        from: 'direct',
        items: [{ materialId: mat, scenario: 'enterprise_promotion' }],
        couponId: c,
      })
    ).body.data;
    await t.db.query("UPDATE orders SET expires_at = now() - interval '1 second' WHERE id = $1", [o.id]);
    // The coupon release fails inside expireOrders: the order's expiry rolls back with it.
    await t.db.query(
      "ALTER TABLE coupons ADD CONSTRAINT coupons_no_release CHECK (status <> 1 OR name <> '过期回滚券')",
    );
    await expect(expireOrders(t.db, buyer.id)).rejects.toThrow();
    expect((await t.db.query('SELECT status FROM orders WHERE id = $1', [o.id])).rows[0].status).toBe('pending');
    await t.db.query('ALTER TABLE coupons DROP CONSTRAINT coupons_no_release');
    expect(await expireOrders(t.db, buyer.id)).toBe(1);
    expect((await t.db.query('SELECT status FROM orders WHERE id = $1', [o.id])).rows[0].status).toBe('expired');
    expect((await t.db.query('SELECT status FROM coupons WHERE id = $1', [c])).rows[0].status).toBe(1);
  });

  it('pays from the wallet atomically and refuses a short balance', async () => {
    const o = await newOrder();
    const short = await call(t.app, 'POST', '/api/trade/pay/wallet', buyer.auth, { orderId: o.id });
    expect(short.status).toBe(400);
    expect(short.body.msg).toContain('余额不足');
    expect(await state(o.id)).toBe('pending');
    await t.db.query('UPDATE users SET balance_cents = 10000 WHERE id = $1', [buyer.id]);
    const ok = await call(t.app, 'POST', '/api/trade/pay/wallet', buyer.auth, { orderId: o.id });
    expect(ok.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/wallet/info', buyer.auth)).body.data.balanceCents).toBe(4000);
    const again = await call(t.app, 'POST', '/api/trade/pay/wallet', buyer.auth, { orderId: o.id });
    expect(again.status).toBe(409);
    expect((await call(t.app, 'GET', '/api/wallet/info', buyer.auth)).body.data.balanceCents).toBe(4000);
    const tx = await call(t.app, 'GET', '/api/wallet/list', buyer.auth);
    expect(tx.body.data.list[0]).toMatchObject({ amountCents: -6000, balanceAfter: 4000, kind: 'pay' });
  });

  it('another user cannot pay my order from their wallet', async () => {
    const o = await newOrder();
    const other = await makeUser(t.db);
    await t.db.query('UPDATE users SET balance_cents = 100000 WHERE id = $1', [other.id]);
    expect((await call(t.app, 'POST', '/api/trade/pay/wallet', other.auth, { orderId: o.id })).status).toBe(404);
    expect((await t.db.query('SELECT balance_cents FROM users WHERE id = $1', [other.id])).rows[0].balance_cents).toBe(
      100000,
    );
  });

  it('refuses the dev pages in production', async () => {
    const prod = await makeTestApp({ NODE_ENV: 'production' });
    try {
      const r = await prod.app.inject('/dev/pay?provider=wechat&orderNo=x&amountCents=1&sign=x');
      expect(r.statusCode).toBe(404);
      expect(r.body).toContain('生产环境');
    } finally {
      await prod.close();
    }
  });
});
