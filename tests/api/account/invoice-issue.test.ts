import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { makeMaterial } from '../../helpers/trade.js';
import { pdfTextLines } from '../../helpers/pdf-text.js';

describe('invoice issuing: staff issue or refuse, the PDF, saved titles', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let alice: Awaited<ReturnType<typeof makeUser>>;
  let bob: Awaited<ReturnType<typeof makeUser>>;
  let staff: Awaited<ReturnType<typeof makeUser>>;
  const title = {
    invoiceType: 0,
    taxRate: 6,
    title: '星河文化传媒有限公司',
    taxId: '91310000MA1FL0XX7Y',
    email: 'finance@xinghe.cn',
  };

  beforeAll(async () => {
    t = await makeTestApp();
    alice = await makeUser(t.db);
    bob = await makeUser(t.db);
    staff = await makeUser(t.db, { roles: ['buyer', 'staff'] });
    for (const u of [alice, bob]) await t.db.query('UPDATE users SET balance_cents = 10000000 WHERE id = $1', [u.id]);
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who = alice, payload?: object) =>
    t.app.inject({ method, url, headers: who.auth, payload });
  const paidOrder = async (who: typeof alice, priceCents: number) => {
    const mat = await makeMaterial(t.app, t.db, { priceCents });
    const o = (
      await call('POST', '/api/trade/order', who, {
        from: 'direct',
        items: [{ materialId: mat, scenario: 'personal_media' }],
      })
    ).json().data;
    expect((await call('POST', '/api/trade/pay/wallet', who, { orderId: o.id })).statusCode).toBe(200);
    return o as { id: number; orderNo: string; amountCents: number };
  };
  const request = async (orders: number[], extra: object = {}) => {
    const r = await call('POST', '/api/user/invoice', alice, { ...title, orders, ...extra });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as { id: number; amount_cents: number };
  };

  it('refuses a tax number whose check character is wrong, like the form', async () => {
    const o = await paidOrder(alice, 1000);
    const r = await call('POST', '/api/user/invoice', alice, { ...title, taxId: '91310000MA1FL0XX7Q', orders: [o.id] });
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toBe('纳税人识别号不正确，请核对');
    expect(Object.keys(r.json().data.fieldErrors)).toContain('/taxId');
  });

  it('issues once: number, audit entry, notification, and a PDF with the amounts split by the tax rate', async () => {
    const [a, b] = [await paidOrder(alice, 10600), await paidOrder(alice, 5300)];
    const inv = await request([a.id, b.id]);
    expect(inv.amount_cents).toBe(15900);

    // Not issued yet: no PDF; the requester sees the pending detail.
    expect((await call('GET', `/api/user/invoice/${inv.id}/pdf`)).statusCode).toBe(409);
    const pending = (await call('GET', `/api/user/invoice/${inv.id}/detail`)).json().data;
    expect(pending).toMatchObject({ status: 0, amountCents: 15900, netCents: 15000, taxCents: 900, invoiceNo: null });
    expect(pending.lines.map((l: any) => l.orderNo).sort()).toEqual([a.orderNo, b.orderNo].sort());

    // Only staff issue; of two parallel issue calls exactly one issues.
    expect((await call('POST', `/api/admin/invoices/${inv.id}/issue`, alice)).statusCode).toBe(403);
    const queue = (await call('GET', '/api/admin/invoices/list?status=0', staff)).json().data;
    expect(queue.list.map((r: any) => r.id)).toContain(inv.id);
    const both = await Promise.all([1, 2].map(() => call('POST', `/api/admin/invoices/${inv.id}/issue`, staff)));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const issued = both.find((r) => r.statusCode === 200)!.json().data;
    expect(issued.invoiceNo).toMatch(/^\d{20}$/);

    const audit = await t.db.query(
      `SELECT actor_id, action, after FROM audit_log WHERE target_type = 'invoice' AND target_id = $1`,
      [inv.id],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({ action: 'invoice.issue', after: { status: 1, invoiceNo: issued.invoiceNo } });
    expect(Number(audit.rows[0].actor_id)).toBe(staff.id);
    const note = await t.db.query(`SELECT title, link FROM notifications WHERE user_id = $1 AND kind = 'invoice'`, [
      alice.id,
    ]);
    expect(note.rows).toEqual([{ title: '发票已开具', link: `/account/ticket/detail?id=${inv.id}` }]);

    // The PDF: owner only; its text carries the number, the buyer, the net, the tax and the total in words.
    expect((await call('GET', `/api/user/invoice/${inv.id}/pdf`, bob)).statusCode).toBe(404);
    const pdf = await call('GET', `/api/user/invoice/${inv.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfTextLines(pdf.rawPayload)).flat().join('\n');
    expect(text).toContain('电子发票（普通发票）');
    expect(text).toContain(`发票号码：${issued.invoiceNo}`);
    expect(text).toContain('星河文化传媒有限公司');
    expect(text).toContain('91310000MA1FL0XX7Y');
    expect(text).toContain('¥150.00');
    expect(text).toContain('¥9.00');
    expect(text).toContain('壹佰伍拾玖圆整');
    expect(text).toContain('¥159.00');
    // Issued: the user can no longer cancel it, and staff cannot refuse it.
    expect((await call('POST', `/api/user/invoice/${inv.id}/cancel`)).statusCode).toBe(409);
    expect((await call('POST', `/api/admin/invoices/${inv.id}/refuse`, staff, { reason: '重复申请' })).statusCode).toBe(
      409,
    );
  });

  it('refuses with a reason: the orders can be invoiced again, and the user is told why', async () => {
    const o = await paidOrder(alice, 2000);
    const inv = await request([o.id]);
    expect((await call('POST', `/api/admin/invoices/${inv.id}/refuse`, staff, {})).statusCode).toBe(400);
    const r = await call('POST', `/api/admin/invoices/${inv.id}/refuse`, staff, { reason: '抬头与纳税人识别号不一致' });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({ status: 3, refuseReason: '抬头与纳税人识别号不一致' });
    expect((await call('GET', '/api/user/invoice/orders')).json().data.list.map((x: any) => x.id)).toContain(o.id);
    expect((await request([o.id])).amount_cents).toBe(2000);
    const audit = await t.db.query(`SELECT action FROM audit_log WHERE target_type = 'invoice' AND target_id = $1`, [
      inv.id,
    ]);
    expect(audit.rows).toEqual([{ action: 'invoice.refuse' }]);
  });

  it("keeps saved titles per user when asked to, and deletes only one's own", async () => {
    const o = await paidOrder(alice, 700);
    await request([o.id], { title: '常用抬头有限公司', saveTitle: true });
    const o2 = await paidOrder(alice, 800);
    await request([o2.id], { title: '临时抬头', saveTitle: false });
    const titles = (await call('GET', '/api/user/invoice/titles')).json().data;
    expect(titles.map((x: any) => x.title)).toContain('常用抬头有限公司');
    expect(titles.map((x: any) => x.title)).not.toContain('临时抬头');
    const saved = titles.find((x: any) => x.title === '常用抬头有限公司');
    expect(saved.taxId).toBe('91310000MA1FL0XX7Y');
    expect((await call('GET', '/api/user/invoice/titles', bob)).json().data).toEqual([]);
    expect((await call('DELETE', `/api/user/invoice/titles/${saved.id}`, bob)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/user/invoice/titles/${saved.id}`)).statusCode).toBe(200);
  });
});
