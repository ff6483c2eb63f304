import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { call, makeMaterial } from '../../helpers/trade.js';
import { createSession } from '../../../server/src/repositories/sessions.js';

type T = Awaited<ReturnType<typeof makeTestApp>>;
type U = Awaited<ReturnType<typeof makeUser>>;
const phone = () => `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

describe('company sub-accounts: monthly limit under parallel purchases, approval inbox, company name on licences', () => {
  let t: T;
  let company: U;
  beforeAll(async () => {
    t = await makeTestApp();
    company = await makeUser(t.db, { owner_type: 'ORGANISATIONS', company_name: '青禾广告有限公司' });
    await t.db.query('UPDATE users SET balance_cents = 100000 WHERE id = $1', [company.id]);
  });
  afterAll(() => t.close());

  const createSub = async (role = 'buyer', monthlyLimit = 30) => {
    const p = phone();
    const r = await call(t.app, 'POST', '/api/user/sub-accounts', company.auth, {
      phone: p,
      nickname: '小王',
      role,
      monthlyLimit,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = Number(r.body.data.userId);
    return { id, phone: p, auth: { authorization: await createSession(t.db, id) } };
  };
  const order = async (auth: { authorization: string }, priceCents = 1000) => {
    const mat = await makeMaterial(t.app, t.db, { priceCents });
    const r = await call(t.app, 'POST', '/api/trade/order', auth, {
      from: 'direct',
      items: [{ materialId: mat, scenario: 'personal_study' }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data as { id: number; amountCents: number };
  };
  const balance = async (id: number) =>
    Number((await t.db.query('SELECT balance_cents FROM users WHERE id = $1', [id])).rows[0].balance_cents);

  it('only a company main account manages sub-accounts; phones are unique; bad input is a Chinese 400', async () => {
    const person = await makeUser(t.db);
    expect((await call(t.app, 'GET', '/api/user/sub-accounts', person.auth)).status).toBe(403);
    const sub = await createSub();
    const dup = await call(t.app, 'POST', '/api/user/sub-accounts', company.auth, {
      phone: sub.phone,
      nickname: '重复',
      role: 'buyer',
      monthlyLimit: 1,
    });
    expect(dup.status).toBe(409);
    const bad = await call(t.app, 'POST', '/api/user/sub-accounts', company.auth, {
      phone: '123',
      nickname: '',
      role: 'boss',
      monthlyLimit: -1,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/手机号|姓名|角色|额度/);
    // A sub-account cannot manage sub-accounts, and another company cannot touch this one.
    expect((await call(t.app, 'GET', '/api/user/sub-accounts', sub.auth)).status).toBe(403);
    const other = await makeUser(t.db, { owner_type: 'ORGANISATIONS', company_name: '别家公司' });
    expect((await call(t.app, 'POST', `/api/user/sub-accounts/${sub.id}/disable`, other.auth)).status).toBe(404);
  });

  it('parallel purchases never pass the monthly limit; the rest go to the approval inbox; licences name the company', async () => {
    const sub = await createSub('buyer', 30);
    const orders = await Promise.all(Array.from({ length: 5 }, () => order(sub.auth)));
    const before = await balance(company.id);
    const results = await Promise.all(
      orders.map((o) => call(t.app, 'POST', '/api/user/sub-accounts/pay', sub.auth, { orderId: o.id })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.data.status === 'paid')).toHaveLength(3);
    expect(results.filter((r) => r.body.data.status === 'approval')).toHaveLength(2);
    expect(await balance(company.id)).toBe(before - 3000);
    expect(await balance(sub.id)).toBe(0);

    const list = (await call(t.app, 'GET', '/api/user/sub-accounts', company.auth)).body.data.find(
      (s: any) => s.userId === sub.id,
    );
    expect(list).toMatchObject({ spentThisMonthCents: 3000, monthlyLimit: 30, role: 'buyer', status: 'active' });
    const lic = (
      await t.db.query(`SELECT DISTINCT licensee_type, licensee_name FROM orders WHERE user_id = $1`, [sub.id])
    ).rows;
    expect(lic).toEqual([{ licensee_type: 'ORGANISATIONS', licensee_name: '青禾广告有限公司' }]);

    const inbox = (await call(t.app, 'GET', '/api/user/sub-accounts/approvals', company.auth)).body.data;
    const mine = inbox.filter((a: any) => Number(a.subId) === sub.id);
    expect(mine).toHaveLength(2);
    expect((await call(t.app, 'POST', `/api/user/sub-accounts/approvals/${mine[0].id}/approve`, sub.auth)).status).toBe(
      403,
    );
    expect(
      (await call(t.app, 'POST', `/api/user/sub-accounts/approvals/${mine[0].id}/approve`, company.auth)).status,
    ).toBe(200);
    expect(
      (await call(t.app, 'POST', `/api/user/sub-accounts/approvals/${mine[0].id}/approve`, company.auth)).status,
    ).toBe(404);
    expect(
      (await call(t.app, 'POST', `/api/user/sub-accounts/approvals/${mine[1].id}/reject`, company.auth)).status,
    ).toBe(200);
    expect(await balance(company.id)).toBe(before - 4000);
    const statuses = (
      await t.db.query('SELECT status FROM orders WHERE id = ANY($1) ORDER BY id', [orders.map((o) => o.id)])
    ).rows.map((r) => r.status);
    expect(statuses.filter((s) => s === 'paid')).toHaveLength(4);

    const companyView = (await call(t.app, 'GET', '/api/user/sub-accounts/orders?pageSize=50', company.auth)).body.data;
    expect(companyView.list.filter((o: any) => Number(o.userId) === sub.id)).toHaveLength(5);
    const note = (
      await t.db.query(`SELECT title FROM notifications WHERE user_id = $1 AND kind = 'sub_account' ORDER BY id`, [
        sub.id,
      ])
    ).rows.map((r) => r.title);
    expect(note.sort()).toEqual(['采购审批已通过', '采购审批未通过']);
  });

  it('a viewer cannot pay with company money; a short company wallet refuses and counts nothing', async () => {
    const viewer = await createSub('viewer', 1000);
    const o = await order(viewer.auth);
    const r = await call(t.app, 'POST', '/api/user/sub-accounts/pay', viewer.auth, { orderId: o.id });
    expect(r.status).toBe(403);
    expect(r.body.msg).toContain('查看者');

    const buyer = await createSub('buyer', 100000);
    const big = await order(buyer.auth, 9_000_000);
    const short = await call(t.app, 'POST', '/api/user/sub-accounts/pay', buyer.auth, { orderId: big.id });
    expect(short.status).toBe(400);
    expect(short.body.msg).toContain('企业钱包余额不足');
    expect(
      Number(
        (await t.db.query('SELECT spent_cents FROM sub_accounts WHERE user_id = $1', [buyer.id])).rows[0].spent_cents,
      ),
    ).toBe(0);
  });

  it('disabling signs the sub-account out everywhere (also new logins); enabling lets it sign in again; deleting ends it', async () => {
    const sub = await createSub();
    expect((await call(t.app, 'POST', `/api/user/sub-accounts/${sub.id}/disable`, company.auth)).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/wallet/info', sub.auth)).status).toBe(401);
    const again = { authorization: await createSession(t.db, sub.id) };
    expect((await call(t.app, 'GET', '/api/wallet/info', again)).status).toBe(401);
    expect((await call(t.app, 'POST', `/api/user/sub-accounts/${sub.id}/disable`, company.auth)).status).toBe(409);
    expect((await call(t.app, 'POST', `/api/user/sub-accounts/${sub.id}/enable`, company.auth)).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/wallet/info', again)).status).toBe(200);
    expect((await call(t.app, 'DELETE', `/api/user/sub-accounts/${sub.id}`, company.auth)).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/wallet/info', again)).status).toBe(401);
    expect(
      (await call(t.app, 'GET', '/api/user/sub-accounts', company.auth)).body.data.some(
        (s: any) => s.userId === sub.id,
      ),
    ).toBe(false);
  });
});
