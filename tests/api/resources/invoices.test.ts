import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';

describe('/api/user/invoice', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let alice: Awaited<ReturnType<typeof makeUser>>;
  let bob: Awaited<ReturnType<typeof makeUser>>;
  const ordinary = { invoiceType: 0, taxRate: 6, title: '星河文化传媒有限公司', amount: 120.5, email: 'finance@xinghe.cn' };
  const special = { ...ordinary, invoiceType: 2, taxId: '91310000MA1FL0XX7Q', bankName: '招商银行上海分行', bankAccount: '6225880212345678', address: '上海市浦东新区', phone: '021-12345678' };

  beforeAll(async () => {
    t = await makeTestApp();
    alice = await makeUser(t.db);
    bob = await makeUser(t.db);
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who = alice, payload?: object) =>
    t.app.inject({ method, url, headers: who.auth, payload });

  it('creates, lists, gets and updates an owned invoice request', async () => {
    const created = await call('POST', '/api/user/invoice', alice, ordinary);
    expect(created.statusCode).toBe(200);
    const rec = created.json().data;
    expect(rec).toMatchObject({ invoice_type: 0, tax_rate: 6, amount_cents: 12050, status: 0, email: 'finance@xinghe.cn' });

    const list = (await call('GET', '/api/user/invoice/list?page=1&pageSize=10&sort=amount_cents&order=asc')).json().data;
    expect(list.total).toBe(1);
    expect(list.list[0].id).toBe(rec.id);

    expect((await call('GET', `/api/user/invoice/${rec.id}`)).json().data.title).toBe('星河文化传媒有限公司');
    const upd = await call('PUT', `/api/user/invoice/${rec.id}`, alice, special);
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data).toMatchObject({ invoice_type: 2, taxId: '91310000MA1FL0XX7Q' });

    const filtered = (await call('GET', '/api/user/invoice/list?invoice_type=0')).json().data;
    expect(filtered.total).toBe(0);
  });

  it('answers 404 for another user\'s invoice, and lists only one\'s own', async () => {
    const rec = (await call('POST', '/api/user/invoice', alice, ordinary)).json().data;
    for (const [m, url] of [['GET', `/api/user/invoice/${rec.id}`], ['PUT', `/api/user/invoice/${rec.id}`], ['POST', `/api/user/invoice/${rec.id}/cancel`]] as const) {
      const r = await call(m, url, bob, m === 'GET' ? undefined : ordinary);
      expect(r.statusCode, `${m} ${url}`).toBe(404);
      expect(r.json().msg).toBe('记录不存在');
    }
    expect((await call('GET', '/api/user/invoice/list', bob)).json().data.total).toBe(0);
  });

  it('refuses special VAT without tax id, bank and account, like the form', async () => {
    const { taxId: _t, bankName: _b, ...noTax } = special;
    const r = await call('POST', '/api/user/invoice', alice, noTax);
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toMatch(/请填写(纳税人识别号|开户银行)/);
    expect(Object.keys(r.json().data.fieldErrors)).toEqual(expect.arrayContaining(['/taxId', '/bankName']));
    const bad = await call('POST', '/api/user/invoice', alice, { ...ordinary, taxRate: 5 });
    expect(bad.statusCode).toBe(400);
  });

  it('needs a login and cancels only pending requests', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/invoice/list' })).statusCode).toBe(401);
    const rec = (await call('POST', '/api/user/invoice', alice, ordinary)).json().data;
    expect((await call('POST', `/api/user/invoice/${rec.id}/cancel`)).json().data.status).toBe(2);
    const again = await call('POST', `/api/user/invoice/${rec.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect((await call('PUT', `/api/user/invoice/${rec.id}`, alice, ordinary)).statusCode).toBe(409);
  });
});
