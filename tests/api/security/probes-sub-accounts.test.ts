import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { call, makeMaterial } from '../../helpers/trade.js';
import { createSession } from '../../../server/src/repositories/sessions.js';

type U = { id: number; auth: { authorization: string } };
const phone = () => `136${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/**
 * Issue 29 probe: a sub-account's token against its company's money and records. The rules
 * (services/sub-accounts.ts): a buyer sub-account spends company money only through
 * /api/user/sub-accounts/pay, on its own pending orders, within its monthly limit; the company
 * (main account) alone manages sub-accounts, approves, and sees every sub-account's orders. So a
 * sub-account reads only its own wallet and orders, never the company's or a sibling's.
 */
describe('probes: a sub-account token against the company wallet and orders', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let company: U;
  let buyer: U;
  let sibling: U;
  let viewer: U;
  let companyOrder: number;
  let siblingOrder: number;
  let siblingMat: number;
  beforeAll(async () => {
    t = await makeTestApp();
    company = await makeUser(t.db, { owner_type: 'ORGANISATIONS', company_name: '探针测试有限公司' });
    await t.db.query('UPDATE users SET balance_cents = 50000 WHERE id = $1', [company.id]);
    const sub = async (role: string): Promise<U> => {
      const r = await call(t.app, 'POST', '/api/user/sub-accounts', company.auth, {
        phone: phone(),
        nickname: '子账号',
        role,
        monthlyLimit: 100,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const id = Number(r.body.data.userId);
      return { id, auth: { authorization: await createSession(t.db, id) } };
    };
    [buyer, sibling, viewer] = [await sub('buyer'), await sub('buyer'), await sub('viewer')];
    const order = async (u: U, materialId: number) => {
      const r = await call(t.app, 'POST', '/api/trade/order', u.auth, {
        from: 'direct',
        items: [{ materialId, scenario: 'personal_study' }],
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return Number(r.body.data.id);
    };
    companyOrder = await order(company, await makeMaterial(t.app, t.db, { priceCents: 1000 }));
    siblingMat = await makeMaterial(t.app, t.db, { priceCents: 1000, original: Buffer.from('original bytes') });
    siblingOrder = await order(sibling, siblingMat);
    // The sibling spends company money once: a company wallet row now names it.
    expect(
      (await call(t.app, 'POST', '/api/user/sub-accounts/pay', sibling.auth, { orderId: siblingOrder })).body.data
        .status,
    ).toBe('paid');
  });
  afterAll(() => t.close());
  const companyBalance = async () =>
    Number((await t.db.query('SELECT balance_cents FROM users WHERE id = $1', [company.id])).rows[0].balance_cents);

  it('reads: its own (empty) wallet and orders only; the company inbox, order list and sub-account list are 403', async () => {
    expect((await call(t.app, 'GET', '/api/wallet/info', buyer.auth)).body.data.balanceCents).toBe(0);
    const tx = await call(t.app, 'GET', '/api/wallet/list?pageSize=50', buyer.auth);
    expect(tx.status).toBe(200);
    expect(tx.body.data.list).toEqual([]);
    const orders = await call(t.app, 'GET', '/api/order/list?pageSize=50', buyer.auth);
    expect(orders.body.data.list).toEqual([]);
    for (const id of [companyOrder, siblingOrder]) {
      const r = await call(t.app, 'GET', `/api/order/${id}`, buyer.auth);
      expect([r.status, r.body.msg]).toEqual([404, '订单不存在']);
    }
    for (const url of ['/api/user/sub-accounts/orders', '/api/user/sub-accounts/approvals', '/api/user/sub-accounts']) {
      const r = await call(t.app, 'GET', url, buyer.auth);
      expect(r.status, url).toBe(403);
    }
    // The sibling's licence is the sibling's: no original download for this sub-account.
    expect((await call(t.app, 'GET', `/api/order/download/${siblingMat}`, buyer.auth)).status).toBe(403);
    // The company itself does see the sibling's order (the product's rule), proving the data exists.
    const seen = await call(t.app, 'GET', '/api/user/sub-accounts/orders?page=1&pageSize=50', company.auth);
    expect(JSON.stringify(seen.body.data)).toContain(String(siblingOrder));
  });

  it('spends: company money only for its own pending order, as a buyer, within the limit; never for the company’s or a sibling’s order', async () => {
    const before = await companyBalance();
    for (const orderId of [companyOrder, siblingOrder]) {
      const r = await call(t.app, 'POST', '/api/user/sub-accounts/pay', buyer.auth, { orderId });
      expect([r.status, r.body.msg]).toEqual([404, '订单不存在']);
      // The ordinary wallet payment is the sub-account's own (empty) wallet, never the company's.
      expect((await call(t.app, 'POST', '/api/trade/pay/wallet', buyer.auth, { orderId })).status).toBe(404);
    }
    const mine = await call(t.app, 'POST', '/api/trade/order', buyer.auth, {
      from: 'direct',
      items: [{ materialId: await makeMaterial(t.app, t.db, { priceCents: 1000 }), scenario: 'personal_study' }],
    });
    const own = await call(t.app, 'POST', '/api/trade/pay/wallet', buyer.auth, { orderId: mine.body.data.id });
    expect(own.status).toBe(400);
    expect(own.body.msg).toMatch(/余额不足/);
    const vr = await call(t.app, 'POST', '/api/user/sub-accounts/pay', viewer.auth, { orderId: mine.body.data.id });
    expect([vr.status, vr.body.msg]).toEqual([403, '查看者不能使用企业资金付款']);
    expect(await companyBalance()).toBe(before);
    // A viewer's own order: refused as a viewer.
    const vo = await call(t.app, 'POST', '/api/trade/order', viewer.auth, {
      from: 'direct',
      items: [{ materialId: await makeMaterial(t.app, t.db, { priceCents: 1000 }), scenario: 'personal_study' }],
    });
    const vp = await call(t.app, 'POST', '/api/user/sub-accounts/pay', viewer.auth, { orderId: vo.body.data.id });
    expect([vp.status, vp.body.msg]).toEqual([403, '查看者不能使用企业资金付款']);
    // Approving is the company's: the sub-account cannot approve anything.
    expect((await call(t.app, 'POST', '/api/user/sub-accounts/approvals/1/approve', buyer.auth)).status).toBe(403);
    // Its own order within the limit: paid by the company, once.
    const paid = await call(t.app, 'POST', '/api/user/sub-accounts/pay', buyer.auth, { orderId: mine.body.data.id });
    expect(paid.body.data.status).toBe('paid');
    expect(await companyBalance()).toBe(before - 1000);
    // Disabled: its sessions end, so the token neither reads nor spends.
    expect((await call(t.app, 'POST', `/api/user/sub-accounts/${buyer.id}/disable`, company.auth)).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/wallet/info', buyer.auth)).status).toBe(401);
    expect(
      (await call(t.app, 'POST', '/api/user/sub-accounts/pay', buyer.auth, { orderId: mine.body.data.id })).status,
    ).toBe(401);
  });
});
