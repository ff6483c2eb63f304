import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { call, makeMaterial } from '../../helpers/trade.js';

const URL_ID = `/api/schemas/${encodeURIComponent('lumen:licence/use-cases')}`;

describe('staff edits to lumen:licence/use-cases drive checkout without a restart', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let staff: Awaited<ReturnType<typeof makeUser>>;
  let person: Awaited<ReturnType<typeof makeUser>>;
  let company: Awaited<ReturnType<typeof makeUser>>;
  let mat: number;

  beforeAll(async () => {
    t = await makeTestApp();
    staff = await makeUser(t.db, { roles: ['buyer', 'staff'] });
    person = await makeUser(t.db);
    company = await makeUser(t.db, { owner_type: 'ORGANISATIONS', company_name: '场景测试有限公司' });
    mat = await makeMaterial(t.app, t.db, { priceCents: 1000 });
  });
  afterAll(() => t.close());

  const current = async () => (await call(t.app, 'GET', URL_ID)).body.data;
  const save = async (edit: (body: any) => void) => {
    const cur = await current();
    const body = structuredClone(cur.body);
    edit(body);
    return call(t.app, 'PUT', URL_ID, staff.auth, { body, baseVersion: cur.version });
  };
  const quote = (who: { auth: { authorization: string } }, scenario: string) =>
    call(t.app, 'POST', '/api/trade/quote', who.auth, { from: 'direct', items: [{ materialId: mat, scenario }] });
  const branch = (body: any, id: string) => body.oneOf.find((b: any) => b.const === id);

  it('a changed level multiplier reprices checkout and the cart at once', async () => {
    expect((await quote(company, 'enterprise_promotion')).body.data.lines[0].priceCents).toBe(3000);
    const r = await save((b) => {
      b['x-levels'].company.multiplier = 4.5;
    });
    expect(r.status).toBe(200);
    const q = await quote(company, 'enterprise_promotion');
    expect(q.body.data).toMatchObject({ subtotalCents: 4500, lines: [{ level: 'company', priceCents: 4500 }] });
    expect(
      (
        await call(t.app, 'POST', '/api/trade/cart', company.auth, {
          materialId: mat,
          scenario: 'enterprise_promotion',
        })
      ).status,
    ).toBe(200);
    const cart = (await call(t.app, 'GET', '/api/trade/cart/list', company.auth)).body.data;
    expect(cart.list[0]).toMatchObject({ scenario: 'enterprise_promotion', priceCents: 4500 });
  });

  it('opening a company scenario to personal accounts lets a person buy it at the personal price; rollback restores the refusal', async () => {
    const refused = await quote(person, 'enterprise_promotion');
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toContain('需要企业授权');

    const r = await save((b) => {
      branch(b, 'enterprise_promotion')['x-licence'].personal = true;
    });
    expect(r.status).toBe(200);
    const q = await quote(person, 'enterprise_promotion');
    expect(q.status).toBe(200);
    expect(q.body.data.lines[0]).toMatchObject({ level: 'personal', priceCents: 1000 });
    expect(
      (await call(t.app, 'POST', '/api/trade/cart', person.auth, { materialId: mat, scenario: 'enterprise_promotion' }))
        .status,
    ).toBe(200);

    const back = await call(t.app, 'POST', `${URL_ID}/rollback`, staff.auth, { version: 0 });
    expect(back.status).toBe(200);
    const again = await quote(person, 'enterprise_promotion');
    expect(again.status).toBe(403);
    expect(again.body.msg).toContain('需要企业授权');
    expect((await quote(company, 'enterprise_promotion')).body.data.lines[0].priceCents).toBe(3000);
  });

  it('refuses a table checkout cannot use, in Chinese', async () => {
    const noLevel = await save((b) => {
      branch(b, 'game_app')['x-licence'] = { personal: false, company: false, enhanced: false };
    });
    expect(noLevel.status).toBe(400);
    expect(noLevel.body.msg).toContain('授权场景 "game_app" 至少需要开放一个授权级别');
    const zero = await save((b) => {
      b['x-levels'].personal.multiplier = 0;
    });
    expect(zero.status).toBe(400);
    expect(zero.body.msg).toContain('授权级别 "personal" 的价格倍数必须大于0');
  });
});
