import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../helpers/trade.js';
import { makeUser } from '../../helpers/app.js';
import { earningsFixture, type Fixture } from './fixture.js';

describe("staff refund a paid order in full: the creators' shares are reversed", () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await earningsFixture();
  });
  afterAll(() => f.close());

  const refundOrder = (orderNo: string, who = f.staff, reason = '买家误购，核实未下载') =>
    call(f.app, 'POST', '/api/admin/refunds/order', who.auth, { orderNo, reason });

  it('reverses the credit, revokes the licence, pays the buyer back once, and a second refund changes nothing', async () => {
    const w = await f.work(f.creator.id, 8990);
    const o = await f.sell([w]);
    expect(await f.credits()).toContainEqual(
      expect.objectContaining({ orderId: o.id, amountCents: 4495, reversed: false }),
    );
    expect((await call(f.app, 'GET', '/api/order/authrecord/list', f.buyer.auth)).body.data.total).toBe(1);

    const r = await refundOrder(o.orderNo);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      reason: 'order_refunded',
      status: 'refunded',
      amountCents: 8990,
      provider: 'wechat',
      note: '买家误购，核实未下载',
    });
    expect(await f.credits()).toContainEqual(
      expect.objectContaining({ orderId: o.id, amountCents: 4495, reversed: true }),
    );
    expect((await f.db.query('SELECT status FROM orders WHERE id = $1', [o.id])).rows[0].status).toBe('refunded');
    expect((await call(f.app, 'GET', '/api/order/authrecord/list', f.buyer.auth)).body.data.total).toBe(0);
    const sandbox = async () =>
      (await f.db.query('SELECT amount_cents FROM sandbox_refunds WHERE order_no = $1', [o.orderNo])).rows;
    expect(await sandbox()).toHaveLength(1);

    const again = await refundOrder(o.orderNo);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(r.body.data.id);
    expect(await sandbox()).toHaveLength(1);
    // The reversed sale is shown as such and no longer counts in the creator's earnings.
    const sales = (await call(f.app, 'GET', '/api/creator/sales/list', f.creator.auth)).body.data.list;
    expect(sales.find((s: any) => s.orderNo === o.orderNo)).toMatchObject({ state: 'reversed', amountCents: 4495 });
    expect(await f.summary()).toMatchObject({ earnedCents: 0, reversedCents: 4495 });
  });

  it('a refund after the money was withdrawn leaves a negative balance that later sales pay back first', async () => {
    const creator = await makeUser(f.db, { roles: ['buyer', 'creator'] });
    const o = await f.sell([await f.work(creator.id, 10000)]);
    await f.mature(creator.id);
    expect((await f.summary(creator)).availableCents).toBe(5000);
    expect((await f.withdraw(50, creator)).status).toBe(200);
    await f.db.query('UPDATE withdrawals SET status = 1 WHERE user_id = $1', [creator.id]); // paid out
    expect((await refundOrder(o.orderNo)).status).toBe(200);
    expect(await f.summary(creator)).toMatchObject({
      availableCents: -5000,
      withdrawnCents: 5000,
      reversedCents: 5000,
    });
    expect((await f.withdraw(1, creator)).status).toBe(400);
    await f.sell([await f.work(creator.id, 30000)]);
    await f.mature(creator.id);
    expect((await f.summary(creator)).availableCents).toBe(10000);
  });

  it('refuses orders that are not paid, unknown orders, bad input and non-staff', async () => {
    const w = await f.work(f.creator.id, 1000);
    const pending = await f.order([w]);
    expect(await refundOrder(pending.orderNo)).toMatchObject({
      status: 409,
      body: expect.objectContaining({ msg: '订单尚未支付，无需退款' }),
    });
    expect((await refundOrder('LM20260101123456789')).status).toBe(404);
    const bad = await call(f.app, 'POST', '/api/admin/refunds/order', f.staff.auth, { orderNo: 'x', reason: ' ' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/订单号|退款原因/);
    expect((await refundOrder(pending.orderNo, f.buyer)).status).toBe(403);
    expect(
      (
        await call(f.app, 'POST', '/api/admin/refunds/order', undefined, {
          orderNo: pending.orderNo,
          reason: '测试退款',
        })
      ).status,
    ).toBe(401);
  });
});
