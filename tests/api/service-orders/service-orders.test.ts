import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { addCoupon, call } from '../../helpers/trade.js';
import { buyServiceWithWallet } from '../../helpers/service-orders.js';
import { hmacSign } from '../../../server/src/adapters/pay/sandbox.js';
import { payProviderKey } from '../../../server/src/adapters/pay/index.js';
import { loadConfig } from '../../../server/src/config.js';
import { consumeQuota, releaseQuota } from '../../../server/src/services/service-orders-quota.js';

const SECRET = 'test-pay-secret';
const WECHAT_KEY = payProviderKey(loadConfig({ PAY_SECRET: SECRET }), 'wechat');

describe('copyright-service orders: catalogue, checkout, payment, quota, unused refunds', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let buyer: Awaited<ReturnType<typeof makeUser>>;
  let staff: Awaited<ReturnType<typeof makeUser>>;
  beforeAll(async () => {
    t = await makeTestApp({ PAY_SECRET: SECRET });
    buyer = await makeUser(t.db);
    staff = await makeUser(t.db, { roles: ['buyer', 'staff'] });
  });
  afterAll(() => t.close());

  const notify = (fields: Record<string, unknown>) => {
    const signed = { provider: 'wechat', transactionId: `tx-${fields.notifyId}`, ...fields };
    return call(t.app, 'POST', '/api/trade/pay/notify/wechat', undefined, {
      ...signed,
      sign: hmacSign(WECHAT_KEY, signed),
    });
  };
  const serviceOrder = async (id: number, who = buyer) =>
    await call(t.app, 'GET', `/api/service-orders/${id}`, who.auth);

  it('lists every service and package with server prices, publicly', async () => {
    const r = await call(t.app, 'GET', '/api/service-orders/catalogue');
    expect(r.status).toBe(200);
    expect(r.body.data.services.map((s: any) => s.code)).toEqual([
      'deposit',
      'registration',
      'dci',
      'monitor',
      'web_evidence',
      'screen_recording',
      'notarization',
      'trace',
      'image_download',
    ]);
    expect(r.body.data.packages.find((p: any) => p.sku === 'web_evidence_10')).toMatchObject({
      service: 'web_evidence',
      quantity: 10,
      priceCents: 9900,
    });
  });

  it('prices on the server, applies a coupon, and refuses unknown packages and counts in Chinese', async () => {
    const coupon = await addCoupon(t.db, buyer.id, { amountCents: 1000, thresholdCents: 5000 });
    const q = await call(t.app, 'POST', '/api/service-orders/quote', buyer.auth, {
      sku: 'web_evidence_10',
      count: 2,
      couponId: coupon,
    });
    expect(q.body.data).toMatchObject({ quantity: 20, subtotalCents: 19800, discountCents: 1000, amountCents: 18800 });
    const bad = await call(t.app, 'POST', '/api/service-orders', buyer.auth, { sku: 'free_everything' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/服务套餐/);
    const zero = await call(t.app, 'POST', '/api/service-orders', buyer.auth, { sku: 'trace_1', count: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.msg).toMatch(/份数/);
    expect((await call(t.app, 'POST', '/api/service-orders', undefined, { sku: 'trace_1' })).status).toBe(401);
  });

  it('pays through the existing cashier; a replayed callback activates once and notifies once', async () => {
    const placed = (await call(t.app, 'POST', '/api/service-orders', buyer.auth, { sku: 'web_evidence_10' })).body.data;
    expect((await serviceOrder(placed.serviceOrderId)).body.data).toMatchObject({
      status: 'pending',
      quantity: 10,
      used: 0,
      left: 10,
      amountCents: 9900,
    });
    // The cashier page shows the package as the order's line; the licence order list leaves it out.
    expect((await call(t.app, 'GET', `/api/order/${placed.id}`, buyer.auth)).body.data.items).toEqual([
      { title: '网页取证 10 次', scenarioName: '版权服务' },
    ]);
    expect(
      (await call(t.app, 'GET', '/api/order/list', buyer.auth)).body.data.list.map((o: any) => o.id),
    ).not.toContain(placed.id);

    const f = { notifyId: 'svc-1', orderNo: placed.orderNo, amountCents: 9900, tradeStatus: 'SUCCESS', timestamp: 1 };
    const replies = await Promise.all([notify(f), notify(f), notify(f)]);
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    const detail = (await serviceOrder(placed.serviceOrderId)).body.data;
    expect(detail).toMatchObject({
      status: 'active',
      payMethod: 'wechat',
      left: 10,
      recordsPath: '/cyprotect/mywebpage',
    });
    expect(detail.activatedAt).toBeTruthy();
    expect(new Date(detail.expiresAt).getTime() - new Date(detail.activatedAt).getTime()).toBe(365 * 86_400_000);
    expect(
      (await t.db.query('SELECT count(*)::int AS n FROM payments WHERE order_id = $1', [placed.id])).rows[0].n,
    ).toBe(1);
    const inbox = (await call(t.app, 'GET', '/api/notifications/list', buyer.auth)).body.data;
    expect(inbox.list.filter((n: any) => n.title === '「网页取证 10 次」已开通')).toHaveLength(1);
    const list = (await call(t.app, 'GET', '/api/service-orders/list?status=active', buyer.auth)).body.data.list;
    expect(list.map((s: any) => s.id)).toContain(placed.serviceOrderId);
    // Another user sees nothing of it.
    const other = await makeUser(t.db);
    expect((await serviceOrder(placed.serviceOrderId, other)).status).toBe(404);
  });

  it('never spends more units than bought under parallel consumption, once per ref', async () => {
    const user = await makeUser(t.db);
    const o = await buyServiceWithWallet(t.app, t.db, user, 'screen_recording_5');
    const attempt = (ref: string) =>
      t.db
        .tx((q) => consumeQuota(q, { userId: user.id, service: 'screen_recording', ref }))
        .then(
          () => 'ok',
          (e) => e.statusCode,
        );
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => attempt(`capture:${i}`)));
    expect(results.filter((r) => r === 'ok')).toHaveLength(5);
    expect(results.filter((r) => r === 402)).toHaveLength(7);
    const s = (await serviceOrder(o.serviceOrderId, user)).body.data;
    expect(s).toMatchObject({ used: 5, left: 0, status: 'used_up' });
    expect(s.uses).toHaveLength(5);

    // The same ref again (a retry) takes nothing more; a released use gives its unit back once.
    const usedRef = s.uses[0].ref as string;
    await t.db.tx((q) => consumeQuota(q, { userId: user.id, service: 'screen_recording', ref: usedRef }));
    expect(await t.db.tx((q) => releaseQuota(q, { userId: user.id, service: 'screen_recording', ref: usedRef }))).toBe(
      true,
    );
    expect(await t.db.tx((q) => releaseQuota(q, { userId: user.id, service: 'screen_recording', ref: usedRef }))).toBe(
      false,
    );
    expect((await serviceOrder(o.serviceOrderId, user)).body.data).toMatchObject({
      used: 4,
      left: 1,
      status: 'active',
    });
    const quota = (await call(t.app, 'GET', '/api/service-orders/quota?service=screen_recording', user.auth)).body.data
      .list;
    expect(quota).toEqual([{ service: 'screen_recording', left: 1, total: 5 }]);

    // Same ref raced in parallel: one unit, one use.
    const same = await Promise.all([1, 2, 3].map(() => attempt('capture:same')));
    expect(same).toEqual(['ok', 'ok', 'ok']);
    expect((await serviceOrder(o.serviceOrderId, user)).body.data).toMatchObject({ used: 5, left: 0 });
  });

  it('refunds the unused share once through the payment channel; the closed units cannot be spent', async () => {
    const user = await makeUser(t.db);
    const o = await buyServiceWithWallet(t.app, t.db, user, 'web_evidence_10');
    for (const i of [1, 2, 3])
      await t.db.tx((q) => consumeQuota(q, { userId: user.id, service: 'web_evidence', ref: `cap:${i}` }));
    expect(
      (
        await call(t.app, 'POST', `/api/service-orders/${o.serviceOrderId}/refund-unused`, user.auth, {
          reason: '不想用了',
        })
      ).status,
    ).toBe(403);
    expect(
      (await call(t.app, 'POST', `/api/service-orders/${o.serviceOrderId}/refund-unused`, staff.auth, {})).status,
    ).toBe(400);
    const [a, b] = await Promise.all(
      [1, 2].map(() =>
        call(t.app, 'POST', `/api/service-orders/${o.serviceOrderId}/refund-unused`, staff.auth, {
          reason: '客户申请退回',
        }),
      ),
    );
    const ok = [a, b].filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(ok[0].body.data).toMatchObject({
      amountCents: 6930,
      reason: 'unused_quota',
      provider: 'wallet',
      status: 'refunded',
    });
    const again = await call(t.app, 'POST', `/api/service-orders/${o.serviceOrderId}/refund-unused`, staff.auth, {
      reason: '客户申请退回',
    });
    expect(again.body.data.id).toBe(ok[0].body.data.id);
    expect(
      (
        await t.db.query("SELECT count(*)::int AS n FROM wallet_transactions WHERE user_id = $1 AND kind = 'refund'", [
          user.id,
        ])
      ).rows[0].n,
    ).toBe(1);
    expect((await serviceOrder(o.serviceOrderId, user)).body.data).toMatchObject({
      status: 'refunded',
      used: 3,
      refundedUnits: 7,
    });
    const spend = await t.db
      .tx((q) => consumeQuota(q, { userId: user.id, service: 'web_evidence', ref: 'cap:after' }))
      .catch((e) => e);
    expect(spend.statusCode).toBe(402);
    expect(spend.message).toContain('网页取证');
  });

  it('inbox: unread count, mark one read (own only), mark all read', async () => {
    const unread = (await call(t.app, 'GET', '/api/notifications/unread-count', buyer.auth)).body.data.count;
    expect(unread).toBeGreaterThan(0);
    const first = (await call(t.app, 'GET', '/api/notifications/list?read=false', buyer.auth)).body.data.list[0];
    const stranger = await makeUser(t.db);
    expect((await call(t.app, 'POST', `/api/notifications/${first.id}/read`, stranger.auth)).status).toBe(404);
    const r = await call(t.app, 'POST', `/api/notifications/${first.id}/read`, buyer.auth);
    expect(r.body.data.count).toBe(unread - 1);
    await call(t.app, 'POST', '/api/notifications/read-all', buyer.auth);
    expect((await call(t.app, 'GET', '/api/notifications/unread-count', buyer.auth)).body.data.count).toBe(0);
  });
});
