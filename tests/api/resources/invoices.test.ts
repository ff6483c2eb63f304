import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { makeMaterial } from '../../helpers/trade.js';

describe('/api/user/invoice', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let alice: Awaited<ReturnType<typeof makeUser>>;
  let bob: Awaited<ReturnType<typeof makeUser>>;
  const ordinary = { invoiceType: 0, taxRate: 6, title: '星河文化传媒有限公司', email: 'finance@xinghe.cn' };
  const special = {
    ...ordinary,
    invoiceType: 2,
    taxId: '91310000MA1FL0XX7Y',
    bankName: '招商银行上海分行',
    bankAccount: '6225880212345678',
    address: '上海市浦东新区',
    phone: '021-12345678',
  };

  beforeAll(async () => {
    t = await makeTestApp();
    alice = await makeUser(t.db);
    bob = await makeUser(t.db);
    for (const u of [alice, bob]) await t.db.query('UPDATE users SET balance_cents = 10000000 WHERE id = $1', [u.id]);
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who = alice, payload?: object) =>
    t.app.inject({ method, url, headers: who.auth, payload });
  /** An order of one new material (personal scenario, price x1), optionally paid from the wallet. */
  const order = async (who: typeof alice, priceCents: number, pay = true) => {
    const mat = await makeMaterial(t.app, t.db, { priceCents });
    const o = (
      await call('POST', '/api/trade/order', who, {
        from: 'direct',
        items: [{ materialId: mat, scenario: 'personal_media' }],
      })
    ).json().data;
    if (pay) expect((await call('POST', '/api/trade/pay/wallet', who, { orderId: o.id })).statusCode).toBe(200);
    return o as { id: number; orderNo: string; amountCents: number };
  };

  it('creates an invoice for paid orders at their amount, lists, gets and updates it', async () => {
    const [a, b] = [await order(alice, 12050), await order(alice, 1000)];
    const created = await call('POST', '/api/user/invoice', alice, { ...ordinary, orders: [a.id, b.id] });
    expect(created.statusCode).toBe(200);
    const rec = created.json().data;
    expect(rec).toMatchObject({
      invoice_type: 0,
      tax_rate: 6,
      amount_cents: 13050,
      status: 0,
      email: 'finance@xinghe.cn',
    });
    expect([...rec.orders].sort()).toEqual([a.id, b.id].sort());

    const list = (await call('GET', '/api/user/invoice/list?page=1&pageSize=10&sort=amount_cents&order=asc')).json()
      .data;
    expect(list.total).toBe(1);
    expect(list.list[0].id).toBe(rec.id);

    expect((await call('GET', `/api/user/invoice/${rec.id}`)).json().data.title).toBe('星河文化传媒有限公司');
    // An edit changes the invoice details, never the orders or the amount.
    const upd = await call('PUT', `/api/user/invoice/${rec.id}`, alice, { ...special, orders: [a.id] });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data).toMatchObject({ invoice_type: 2, taxId: '91310000MA1FL0XX7Y', amount_cents: 13050 });
    expect(upd.json().data.orders).toHaveLength(2);

    const filtered = (await call('GET', '/api/user/invoice/list?invoice_type=0')).json().data;
    expect(filtered.total).toBe(0);
  });

  it('refuses a request from someone who bought nothing, and any amount the client names', async () => {
    const none = await call('POST', '/api/user/invoice', bob, { ...ordinary, amount: 99999 });
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toBe('请选择要开票的订单');
    expect(Object.keys(none.json().data.fieldErrors)).toContain('/orders');
    expect((await call('GET', '/api/user/invoice/orders', bob)).json().data.list).toEqual([]);
    const o = await order(bob, 500);
    const rec = (await call('POST', '/api/user/invoice', bob, { ...ordinary, orders: [o.id], amount: 99999 })).json()
      .data;
    expect(rec.amount_cents).toBe(500);
  });

  it("refuses another user's order and an unpaid one", async () => {
    const mine = await order(alice, 800);
    const theirs = await call('POST', '/api/user/invoice', bob, { ...ordinary, orders: [mine.id] });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().msg).toContain('已支付');
    const unpaid = await order(alice, 900, false);
    const r = await call('POST', '/api/user/invoice', alice, { ...ordinary, orders: [unpaid.id] });
    expect(r.statusCode).toBe(400);
    expect(
      (
        await t.db.query(
          'SELECT count(*)::int AS n FROM invoices WHERE user_id = $1 AND status = 0 AND amount_cents = 900',
          [alice.id],
        )
      ).rows[0].n,
    ).toBe(0);
  });

  it('invoices an order once: a second request is refused, and of two parallel ones exactly one wins', async () => {
    const o = await order(alice, 4200);
    const listed = (await call('GET', '/api/user/invoice/orders')).json().data.list;
    expect(listed.find((x: any) => x.id === o.id)).toMatchObject({ orderNo: o.orderNo, amountCents: 4200 });
    const answers = await Promise.all(
      [1, 2, 3].map(() => call('POST', '/api/user/invoice', alice, { ...ordinary, orders: [o.id] })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().msg).toContain('已开票');
    expect(
      (await t.db.query('SELECT count(*)::int AS n FROM invoice_orders WHERE order_id = $1', [o.id])).rows[0].n,
    ).toBe(1);
    expect(
      (await call('GET', '/api/user/invoice/orders')).json().data.list.find((x: any) => x.id === o.id),
    ).toBeUndefined();
    // Cancelling the request frees the order for a new one.
    const winner = answers.find((a) => a.statusCode === 200)!.json().data;
    expect((await call('POST', `/api/user/invoice/${winner.id}/cancel`)).statusCode).toBe(200);
    expect((await call('POST', '/api/user/invoice', alice, { ...ordinary, orders: [o.id] })).statusCode).toBe(200);
  });

  it("answers 404 for another user's invoice, and lists only one's own", async () => {
    const rec = (
      await call('POST', '/api/user/invoice', alice, { ...ordinary, orders: [(await order(alice, 300)).id] })
    ).json().data;
    const before = (await call('GET', '/api/user/invoice/list', bob)).json().data.total;
    for (const [m, url] of [
      ['GET', `/api/user/invoice/${rec.id}`],
      ['PUT', `/api/user/invoice/${rec.id}`],
      ['POST', `/api/user/invoice/${rec.id}/cancel`],
    ] as const) {
      const r = await call(m, url, bob, m === 'GET' ? undefined : ordinary);
      expect(r.statusCode, `${m} ${url}`).toBe(404);
      expect(r.json().msg).toBe('记录不存在');
    }
    expect((await call('GET', '/api/user/invoice/list', bob)).json().data.total).toBe(before);
  });

  it('refuses special VAT without tax id, bank and account, like the form', async () => {
    const { taxId: _t, bankName: _b, ...noTax } = special;
    const o = await order(alice, 100);
    const r = await call('POST', '/api/user/invoice', alice, { ...noTax, orders: [o.id] });
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toMatch(/请填写(纳税人识别号|开户银行)/);
    expect(Object.keys(r.json().data.fieldErrors)).toEqual(expect.arrayContaining(['/taxId', '/bankName']));
    const bad = await call('POST', '/api/user/invoice', alice, { ...ordinary, taxRate: 5, orders: [o.id] });
    expect(bad.statusCode).toBe(400);
  });

  it('needs a login and cancels only pending requests', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/invoice/list' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/invoice/orders' })).statusCode).toBe(401);
    const rec = (
      await call('POST', '/api/user/invoice', alice, { ...ordinary, orders: [(await order(alice, 200)).id] })
    ).json().data;
    expect((await call('POST', `/api/user/invoice/${rec.id}/cancel`)).json().data.status).toBe(2);
    const again = await call('POST', `/api/user/invoice/${rec.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect((await call('PUT', `/api/user/invoice/${rec.id}`, alice, ordinary)).statusCode).toBe(409);
  });
});
