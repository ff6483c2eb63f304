import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../helpers/app.js';
import { call, makeMaterial } from '../helpers/trade.js';
import { payProviders } from '../../server/src/adapters/pay/index.js';
import { loadConfig } from '../../server/src/config.js';
import { insertPayment, recordRefundDue } from '../../server/src/repositories/refunds.js';

const SECRET = 'refund-test-secret';

describe('refunds due: staff list and settle them through the original channel, once', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let buyer: Awaited<ReturnType<typeof makeUser>>;
  let staff: Awaited<ReturnType<typeof makeUser>>;
  let providers: ReturnType<typeof payProviders>;
  beforeAll(async () => {
    t = await makeTestApp({ PAY_SECRET: SECRET });
    providers = payProviders(loadConfig({ PAY_SECRET: SECRET }), t.db);
    buyer = await makeUser(t.db, { owner_type: 'ORGANISATIONS', company_name: '退款测试公司' });
    staff = await makeUser(t.db, { roles: ['buyer', 'staff'] });
    await t.db.query('UPDATE users SET balance_cents = 100000 WHERE id = $1', [buyer.id]);
  });
  afterAll(() => t.close());

  const newOrder = async () => {
    const mat = await makeMaterial(t.app, t.db, { priceCents: 2500 });
    return (
      await call(t.app, 'POST', '/api/trade/order', buyer.auth, {
        from: 'direct',
        items: [{ materialId: mat, scenario: 'enterprise_promotion' }],
      })
    ).body.data;
  };
  const notify = (p: 'wechat' | 'alipay', o: { orderNo: string; amountCents: number }) =>
    call(
      t.app,
      'POST',
      `/api/trade/pay/notify/${p}`,
      undefined,
      providers[p].buildNotification(o.orderNo, o.amountCents, 'SUCCESS'),
    );
  /** An order paid by WeChat and then once more by Alipay: one refund due, on Alipay. */
  const paidTwice = async () => {
    const o = await newOrder();
    expect((await notify('wechat', o)).status).toBe(200);
    expect((await notify('alipay', o)).status).toBe(200);
    const due = (await call(t.app, 'GET', '/api/admin/refunds/list', staff.auth)).body.data.list;
    return { order: o, refund: due.find((r: any) => r.orderNo === o.orderNo) };
  };
  const settle = (id: number, who = staff) => call(t.app, 'POST', `/api/admin/refunds/${id}/settle`, who.auth);
  const sandboxRefunds = async (transactionId: string) =>
    (
      await t.db.query(
        'SELECT provider, amount_cents AS "amountCents" FROM sandbox_refunds WHERE transaction_id = $1',
        [transactionId],
      )
    ).rows;
  const balance = async () =>
    Number((await t.db.query('SELECT balance_cents AS b FROM users WHERE id = $1', [buyer.id])).rows[0].b);

  it('is staff only', async () => {
    const { refund } = await paidTwice();
    expect((await call(t.app, 'GET', '/api/admin/refunds/list')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/admin/refunds/list', buyer.auth)).status).toBe(403);
    const r = await settle(refund.id, buyer);
    expect(r.status).toBe(403);
    expect(r.body.msg).toBe('没有权限');
    expect((await settle(999999)).status).toBe(404);
  });

  it('settles a provider refund through the provider that took the money, and settling again pays nothing more', async () => {
    const { order, refund } = await paidTwice();
    expect(refund).toMatchObject({
      provider: 'alipay',
      amountCents: order.amountCents,
      reason: 'paid_twice',
      status: 'due',
    });
    const first = await settle(refund.id);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ status: 'refunded', settledBy: staff.id });
    expect(first.body.data.providerRefundId).toBeTruthy();
    expect(await sandboxRefunds(refund.transactionId)).toEqual([
      { provider: 'alipay', amountCents: order.amountCents },
    ]);
    const second = await settle(refund.id);
    expect(second.status).toBe(200);
    expect(second.body.data.providerRefundId).toBe(first.body.data.providerRefundId);
    expect(await sandboxRefunds(refund.transactionId)).toHaveLength(1);
    expect((await call(t.app, 'GET', `/api/order/${order.id}`, buyer.auth)).body.data).toMatchObject({
      refundStatus: 'refunded',
      refundCents: order.amountCents,
    });
    const due = (await call(t.app, 'GET', '/api/admin/refunds/list', staff.auth)).body.data.list;
    expect(due.find((r: any) => r.id === refund.id)).toBeUndefined();
    const done = (await call(t.app, 'GET', '/api/admin/refunds/list?status=refunded', staff.auth)).body.data.list;
    expect(done.find((r: any) => r.id === refund.id)).toMatchObject({ status: 'refunded' });
  });

  it('pays once when two staff settle the same refund in parallel', async () => {
    const { refund } = await paidTwice();
    const answers = await Promise.all([settle(refund.id), settle(refund.id), settle(refund.id)]);
    expect(answers.some((a) => a.status === 200)).toBe(true);
    for (const a of answers) expect([200, 409]).toContain(a.status);
    expect(await sandboxRefunds(refund.transactionId)).toHaveLength(1);
  });

  it('refunds a wallet payment to the wallet with a wallet transaction, once, even in parallel', async () => {
    const o = await newOrder();
    expect((await call(t.app, 'POST', '/api/trade/pay/wallet', buyer.auth, { orderId: o.id })).status).toBe(200);
    // A wallet payment can only be owed back by a later decision (nothing pays a wallet order twice):
    // recorded through the same repository calls the callback uses.
    const refundId = await t.db.tx(async (q) => {
      const pay = await q.query<{ id: number }>("SELECT id FROM payments WHERE order_id = $1 AND provider = 'wallet'", [
        o.id,
      ]);
      expect(pay.rows).toHaveLength(1);
      const extra = await insertPayment(q, {
        provider: 'wallet',
        transactionId: `test-${o.id}`,
        orderId: o.id,
        userId: buyer.id,
        amountCents: o.amountCents,
      });
      return recordRefundDue(q, {
        paymentId: extra!,
        orderId: o.id,
        userId: buyer.id,
        provider: 'wallet',
        amountCents: o.amountCents,
        reason: 'paid_twice',
      });
    });
    const before = await balance();
    const answers = await Promise.all([settle(refundId), settle(refundId)]);
    expect(answers.some((a) => a.status === 200)).toBe(true);
    expect(await balance()).toBe(before + o.amountCents);
    expect((await settle(refundId)).status).toBe(200);
    expect(await balance()).toBe(before + o.amountCents);
    const tx = (await call(t.app, 'GET', '/api/wallet/list', buyer.auth)).body.data.list;
    expect(tx.filter((x: any) => x.kind === 'refund')).toEqual([
      expect.objectContaining({ amountCents: o.amountCents, balanceAfter: before + o.amountCents, orderId: o.id }),
    ]);
  });

  it('the sandbox refund call is idempotent by refund number and answers synchronously', async () => {
    const req = { refundNo: 'RF-test-1', transactionId: 'tx-sbx-1', orderNo: 'LM-x', amountCents: 700 };
    const a = await providers.wechat.refund(req);
    const b = await providers.wechat.refund(req);
    expect(a).toEqual(b);
    expect(a.status).toBe('SUCCESS');
    expect(await sandboxRefunds('tx-sbx-1')).toEqual([{ provider: 'wechat', amountCents: 700 }]);
  });
});
