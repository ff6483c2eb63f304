import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp } from '../../helpers/app.js';
import { seedIfEmpty } from '../../../server/src/seed/index.js';
import { createSession } from '../../../server/src/repositories/sessions.js';

describe('demo sales and withdrawals are seeded through the real payment, refund and payout flows', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let auth: { authorization: string };
  beforeAll(async () => {
    t = await makeTestApp();
    await seedIfEmpty(t.app);
    const id = Number(
      (await t.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'demo_creator'")).rows[0].id,
    );
    auth = { authorization: await createSession(t.db, id) };
  }, 120_000);
  afterAll(() => t?.close());

  const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: auth })).json().data;

  it('demo_creator has sales over several weeks in every state, and a balance to withdraw', async () => {
    const list = await get('/api/creator/sales/list?pageSize=100');
    expect(list.total).toBe(14);
    expect(new Set(list.list.map((s: any) => s.state))).toEqual(
      new Set(['pending', 'available', 'withdrawn', 'reversed']),
    );
    const summary = await get('/api/creator/sales/summary');
    expect(summary.byDay.length).toBeGreaterThan(8);
    expect(summary.byWork.length).toBeGreaterThan(3);
    const e = await get('/api/user/withdrawal/summary');
    expect(e).toMatchObject({ pendingCents: 5000 });
    expect(e.withdrawnCents).toBeGreaterThan(0);
    expect(e.availableCents).toBeGreaterThan(0);
    expect(e.heldCents).toBeGreaterThan(0);
    const withdrawals = (await get('/api/user/withdrawal/list')).list.map((w: any) => w.status).sort();
    expect(withdrawals).toEqual([0, 1, 2]);
  });

  it('seeding again adds nothing', async () => {
    const count = async () =>
      Number((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM creator_earnings')).rows[0].n);
    const before = await count();
    await seedIfEmpty(t.app);
    expect(await count()).toBe(before);
  });
});
