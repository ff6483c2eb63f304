import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { call, makeMaterial } from '../../helpers/trade.js';
import { buyServiceWithWallet } from '../../helpers/service-orders.js';
import { credit } from '../../../server/src/repositories/wallet.js';
import { consumeQuota } from '../../../server/src/services/service-orders-quota.js';

const ordinary = { invoiceType: 0, taxRate: 6, title: '星河文化传媒有限公司', email: 'finance@xinghe.cn' };

describe('/api/user/service-invoice: invoices of copyright-service orders (/cyprotect/cyticket)', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let buyer: Awaited<ReturnType<typeof makeUser>>;
  let staff: Awaited<ReturnType<typeof makeUser>>;
  let materialOrderId: number;
  beforeAll(async () => {
    t = await makeTestApp();
    buyer = await makeUser(t.db);
    staff = await makeUser(t.db, { roles: ['buyer', 'staff'] });
    const mat = await makeMaterial(t.app, t.db, { priceCents: 3000 });
    const o = (
      await call(t.app, 'POST', '/api/trade/order', buyer.auth, {
        from: 'direct',
        items: [{ materialId: mat, scenario: 'personal_study' }],
      })
    ).body.data;
    await credit(t.db, buyer.id, o.amountCents, 'recharge', 'test');
    expect((await call(t.app, 'POST', '/api/trade/pay/wallet', buyer.auth, { orderId: o.id })).status).toBe(200);
    materialOrderId = o.id;
  });
  afterAll(() => t.close());

  it('offers and accepts only paid service orders, at their amount, once', async () => {
    const s = await buyServiceWithWallet(t.app, t.db, buyer, 'trace_1');
    const offered = (await call(t.app, 'GET', '/api/user/service-invoice/orders', buyer.auth)).body.data.list;
    expect(offered).toEqual([expect.objectContaining({ id: s.id, amountCents: 5000, itemTitles: '版权溯源 1 次' })]);
    const wrongKind = await call(t.app, 'POST', '/api/user/service-invoice', buyer.auth, {
      ...ordinary,
      orders: [materialOrderId],
    });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.msg).toContain('已支付的订单');
    const created = await call(t.app, 'POST', '/api/user/service-invoice', buyer.auth, { ...ordinary, orders: [s.id] });
    expect(created.status).toBe(200);
    const again = await call(t.app, 'POST', '/api/user/service-invoice', buyer.auth, { ...ordinary, orders: [s.id] });
    expect(again.status).toBe(409);
    const list = (await call(t.app, 'GET', '/api/user/service-invoice/list', buyer.auth)).body.data.list;
    expect(list.map((i: any) => [i.amount_cents, i.orders])).toEqual([[5000, [s.id]]]);
    // A licence-order invoice is not a copyright-service invoice.
    const lic = await call(t.app, 'POST', '/api/user/invoice', buyer.auth, { ...ordinary, orders: [materialOrderId] });
    expect(lic.status).toBe(200);
    expect((await call(t.app, 'GET', `/api/user/service-invoice/${lic.body.data.id}`, buyer.auth)).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/user/service-invoice/list', buyer.auth)).body.data.total).toBe(1);
  });

  it('never invoices more than was kept: unused units paid back lower the amount', async () => {
    const s = await buyServiceWithWallet(t.app, t.db, buyer, 'deposit_10');
    await t.db.tx((q) => consumeQuota(q, { userId: buyer.id, service: 'deposit', ref: 'deposit:1' }));
    expect(
      (
        await call(t.app, 'POST', `/api/service-orders/${s.serviceOrderId}/refund-unused`, staff.auth, {
          reason: '客户申请退回',
        })
      ).status,
    ).toBe(200);
    const offered = (await call(t.app, 'GET', '/api/user/service-invoice/orders', buyer.auth)).body.data.list;
    // 9900 paid, 9 of 10 units (8910) paid back: 990 may be invoiced.
    expect(offered.find((o: any) => o.id === s.id).amountCents).toBe(990);
    const created = await call(t.app, 'POST', '/api/user/service-invoice', buyer.auth, { ...ordinary, orders: [s.id] });
    expect(
      (await call(t.app, 'GET', `/api/user/service-invoice/${created.body.data.id}`, buyer.auth)).body.data
        .amount_cents,
    ).toBe(990);
  });
});
