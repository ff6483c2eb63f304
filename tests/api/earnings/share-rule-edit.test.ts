import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../helpers/trade.js';
import { schemas } from '../../../src/schemas/index.js';
import { earningsFixture, type Fixture } from './fixture.js';

const ID = 'lumen:earnings/revenue-share';
const url = `/api/schemas/${encodeURIComponent(ID)}`;

describe('the revenue share is a staff-editable schema', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await earningsFixture();
  });
  afterAll(() => f.close());

  const save = (rule: Record<string, unknown>) =>
    f.app.inject({
      method: 'PUT',
      url,
      headers: f.staff.auth,
      payload: { body: { ...schemas[ID], 'x-revenue-share': rule }, note: '调整分成' },
    });

  it('a staff edit applies to the next sale; earlier credits keep their rate', async () => {
    const w = await f.work(f.creator.id, 10000);
    const first = await f.sell([w]);
    expect((await save({ defaultPercent: 35.5, exclusivePercent: 70, holdDays: 0 })).statusCode).toBe(200);
    const second = await f.sell([await f.work(f.creator.id, 10000)]);
    const credits = await f.credits();
    expect(credits.find((c) => c.orderId === first.id)).toMatchObject({ sharePercent: 50, amountCents: 5000 });
    expect(credits.find((c) => c.orderId === second.id)).toMatchObject({ sharePercent: 35.5, amountCents: 3550 });
    // holdDays 0: the new credit is withdrawable at once, the earlier one still held.
    expect(await f.summary()).toMatchObject({ heldCents: 5000, availableCents: 3550 });
    expect((await call(f.app, 'GET', '/api/creator/sales/rule', f.creator.auth)).body.data).toEqual({
      defaultPercent: 35.5,
      exclusivePercent: 70,
      holdDays: 0,
    });
  });

  it('refuses a rule crediting could not use, in Chinese', async () => {
    const over = await save({ defaultPercent: 150, exclusivePercent: 60, holdDays: 7 });
    expect(over.statusCode).toBe(400);
    expect(JSON.stringify(over.json())).toContain('默认分成比例必须在 0 到 100 之间');
    const days = await save({ defaultPercent: 40, exclusivePercent: 60, holdDays: 1.5 });
    expect(days.statusCode).toBe(400);
    expect(JSON.stringify(days.json())).toContain('结算周期必须是整数（天）');
    const missing = await f.app.inject({
      method: 'PUT',
      url,
      headers: f.staff.auth,
      payload: { body: { ...schemas[ID], 'x-revenue-share': undefined } },
    });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain('缺少分成规则');
  });
});
