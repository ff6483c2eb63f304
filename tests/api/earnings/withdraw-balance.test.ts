import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earningsFixture, type Fixture } from './fixture.js';

describe('withdrawals draw only on earnings past their holding period, atomically', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await earningsFixture();
  });
  afterAll(() => f.close());

  it('held earnings are not withdrawable until available_at', async () => {
    const w = await f.work(f.creator.id, 20000);
    await f.sell([w]);
    expect(await f.summary()).toMatchObject({ earnedCents: 10000, heldCents: 10000, availableCents: 0 });
    const early = await f.withdraw(10);
    expect(early.status).toBe(400);
    expect(early.body.msg).toBe('提现金额超过可提现收益（可提现 ¥0.00，另有 ¥100.00 在结算周期内，到期后可提现）');
    const sales = (
      await f.app.inject({ method: 'GET', url: '/api/creator/sales/list', headers: f.creator.auth })
    ).json().data.list;
    expect(sales[0]).toMatchObject({ state: 'pending' });

    await f.mature();
    expect(await f.summary()).toMatchObject({ heldCents: 0, availableCents: 10000 });
    expect((await f.withdraw(10)).status).toBe(200);
    expect(await f.summary()).toMatchObject({ pendingCents: 1000, availableCents: 9000 });
  });

  it('parallel withdrawals cannot overdraw', async () => {
    const before = (await f.summary()).availableCents;
    expect(before).toBe(9000);
    // Eight requests of ¥30 against ¥90: exactly three may pass.
    const answers = await Promise.all(Array.from({ length: 8 }, () => f.withdraw(30)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    for (const a of answers.filter((x) => x.status !== 200)) expect(a.body.msg).toMatch(/^提现金额超过可提现收益/);
    expect(await f.summary()).toMatchObject({ availableCents: 0, pendingCents: 10000 });
  });

  it('a withdrawal records its request in its history, and cancelling it returns the amount', async () => {
    const list = (
      await f.app.inject({ method: 'GET', url: '/api/user/withdrawal/list', headers: f.creator.auth })
    ).json().data.list;
    const id = list[0].id;
    const cancel = await f.app.inject({
      method: 'POST',
      url: `/api/user/withdrawal/${id}/cancel`,
      headers: f.creator.auth,
    });
    expect(cancel.statusCode).toBe(200);
    const events = (
      await f.app.inject({ method: 'GET', url: `/api/user/withdrawal/${id}/events`, headers: f.creator.auth })
    ).json().data.list;
    expect(events.map((e: any) => [e.action, e.fromStatus, e.toStatus, e.actorRole])).toEqual([
      ['requested', null, 0, 'creator'],
      ['cancelled', 0, 3, 'creator'],
    ]);
    expect((await f.summary()).availableCents).toBe(list[0].amount_cents);
    // Another creator's withdrawal history is not found.
    expect(
      (await f.app.inject({ method: 'GET', url: `/api/user/withdrawal/${id}/events`, headers: f.staff.auth }))
        .statusCode,
    ).toBe(403);
  });
});
