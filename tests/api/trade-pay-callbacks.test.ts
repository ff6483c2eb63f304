import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../helpers/app.js';
import { call, makeMaterial } from '../helpers/trade.js';
import { payProviders } from '../../server/src/adapters/pay/index.js';
import { hmacSign } from '../../server/src/adapters/pay/sandbox.js';
import { loadConfig } from '../../server/src/config.js';

const SECRET = 'callback-test-secret';

describe('payment callbacks: bound to their provider, one per transaction, every surplus payment owed back', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let buyer: Awaited<ReturnType<typeof makeUser>>;
  let staff: Awaited<ReturnType<typeof makeUser>>;
  // The same provider objects the server builds from the same configuration.
  let providers: ReturnType<typeof payProviders>;
  beforeAll(async () => {
    t = await makeTestApp({ PAY_SECRET: SECRET });
    providers = payProviders(loadConfig({ PAY_SECRET: SECRET }), t.db);
    buyer = await makeUser(t.db, { owner_type: 'ORGANISATIONS', company_name: '回调测试公司' });
    staff = await makeUser(t.db, { roles: ['buyer', 'staff'] });
  });
  afterAll(() => t.close());

  const newOrder = async () => {
    const mat = await makeMaterial(t.app, t.db, { priceCents: 1500 });
    return (
      await call(t.app, 'POST', '/api/trade/order', buyer.auth, {
        from: 'direct',
        items: [{ materialId: mat, scenario: 'enterprise_promotion' }],
      })
    ).body.data;
  };
  const post = (provider: string, body: Record<string, unknown>) =>
    call(t.app, 'POST', `/api/trade/pay/notify/${provider}`, undefined, body);
  const refundsOf = async (orderId: number) =>
    (
      await t.db.query(
        'SELECT provider, amount_cents AS "amountCents", reason, status FROM refunds WHERE order_id = $1 ORDER BY id',
        [orderId],
      )
    ).rows;

  it('refuses a WeChat callback replayed to the Alipay path: no payment, no false refund', async () => {
    const o = await newOrder();
    const n = providers.wechat.buildNotification(o.orderNo, o.amountCents, 'SUCCESS');
    expect((await post('wechat', n)).status).toBe(200);
    const replay = await post('alipay', n);
    expect(replay.status).toBe(400);
    expect(replay.body.msg).toBe('签名校验失败');
    expect(await refundsOf(o.id)).toEqual([]);
    expect((await call(t.app, 'GET', `/api/order/${o.id}`, buyer.auth)).body.data).toMatchObject({
      status: 'paid',
      payMethod: 'wechat',
      refundStatus: null,
    });
  });

  it('uses a separate key per provider: the shared secret alone signs nothing, nor does one provider key for the other', async () => {
    const o = await newOrder();
    const fields = {
      provider: 'alipay',
      notifyId: 'k-1',
      transactionId: 'k-tx-1',
      orderNo: o.orderNo,
      amountCents: o.amountCents,
      tradeStatus: 'SUCCESS',
      timestamp: 1,
    };
    expect((await post('alipay', { ...fields, sign: hmacSign(SECRET, fields) })).status).toBe(400);
    const wechatSigned = providers.wechat.buildNotification(o.orderNo, o.amountCents, 'SUCCESS');
    // Claiming to be Alipay inside a WeChat-signed body breaks the signature.
    expect((await post('alipay', { ...wechatSigned, provider: 'alipay' })).status).toBe(400);
    expect((await call(t.app, 'GET', `/api/order/${o.id}`, buyer.auth)).body.data.status).toBe('pending');
  });

  it("deduplicates by the provider's transaction id: a re-sent notification of one payment changes nothing", async () => {
    const o = await newOrder();
    const first = providers.alipay.buildNotification(o.orderNo, o.amountCents, 'SUCCESS');
    expect((await post('alipay', first)).status).toBe(200);
    // The provider notifies the same transaction again under a new notification id.
    const again = providers.alipay.buildNotification(o.orderNo, o.amountCents, 'SUCCESS', {
      transactionId: String(first.transactionId),
    });
    expect(again.notifyId).not.toBe(first.notifyId);
    const r = await post('alipay', again);
    expect(r.status).toBe(200);
    expect(await refundsOf(o.id)).toEqual([]);
    expect((await t.db.query('SELECT count(*)::int AS n FROM payments WHERE order_id = $1', [o.id])).rows[0].n).toBe(1);
    expect(
      (await t.db.query('SELECT result FROM pay_notifications WHERE notify_id = $1', [again.notifyId])).rows[0].result,
    ).toBe('duplicate_transaction');
  });

  it('records the 2nd and 3rd successful payment of one order each as a refund due, listed for staff', async () => {
    const o = await newOrder();
    for (const p of ['wechat', 'alipay', 'wechat'] as const) {
      expect((await post(p, providers[p].buildNotification(o.orderNo, o.amountCents, 'SUCCESS'))).status).toBe(200);
    }
    expect(await refundsOf(o.id)).toEqual([
      { provider: 'alipay', amountCents: o.amountCents, reason: 'paid_twice', status: 'due' },
      { provider: 'wechat', amountCents: o.amountCents, reason: 'paid_twice', status: 'due' },
    ]);
    const results = (
      await t.db.query('SELECT result FROM pay_notifications WHERE order_no = $1 ORDER BY id', [o.orderNo])
    ).rows.map((r) => r.result);
    expect(results).toEqual(['paid', 'paid_twice', 'paid_twice']);
    expect((await call(t.app, 'GET', `/api/order/${o.id}`, buyer.auth)).body.data).toMatchObject({
      status: 'paid',
      refundStatus: 'pending',
      refundCents: 2 * o.amountCents,
    });
    const due = (await call(t.app, 'GET', '/api/admin/refunds/list?status=due', staff.auth)).body.data;
    expect(due.list.filter((r: any) => r.orderNo === o.orderNo)).toHaveLength(2);
  });
});
