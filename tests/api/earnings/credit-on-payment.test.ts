import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCoupon, call } from '../../helpers/trade.js';
import { makeUser } from '../../helpers/app.js';
import { earningsFixture, type Fixture } from './fixture.js';

describe('a paid order credits its creators in the payment transaction, once', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await earningsFixture();
  });
  afterAll(() => f.close());

  it('a provider payment credits the owner the default share (50%) of the paid amount, held for 7 days', async () => {
    const w = await f.work(f.creator.id, 8990);
    const o = await f.sell([w]);
    const [c] = (await f.credits()).filter((x) => x.orderId === o.id);
    expect(c).toMatchObject({ grossCents: 8990, sharePercent: 50, amountCents: 4495, reversed: false });
    const row = (
      await f.db.query(
        `SELECT buyer_type, scenario, material_id, available_at - created_at AS hold FROM creator_earnings WHERE order_id = $1`,
        [o.id],
      )
    ).rows[0];
    expect(row).toMatchObject({ buyer_type: 'ORGANISATIONS', scenario: 'personal_media', material_id: w });
    const days = (
      await f.db.query(
        `SELECT extract(day FROM available_at - created_at)::int AS d FROM creator_earnings WHERE order_id = $1`,
        [o.id],
      )
    ).rows[0].d;
    expect(days).toBe(7);
  });

  it('a replayed callback and a re-sent notification of the same payment credit nothing more', async () => {
    const w = await f.work(f.creator.id, 5000);
    const o = await f.order([w]);
    const n = f.notify(o);
    expect((await n.send()).status).toBe(200);
    expect((await n.send()).status).toBe(200); // the same notification again
    expect((await f.notify(o, { transactionId: String(n.body.transactionId) }).send()).status).toBe(200); // same payment, new notify id
    expect((await f.credits()).filter((x) => x.orderId === o.id)).toHaveLength(1);
  });

  it('a wallet payment credits too; a coupon lowers every line in proportion; an exclusive creator gets the exclusive rate', async () => {
    const other = await makeUser(f.db, { roles: ['buyer', 'creator'] });
    await f.db.query('UPDATE users SET exclusive_creator = true WHERE id = $1', [other.id]);
    const a = await f.work(f.creator.id, 6000);
    const b = await f.work(other.id, 4000);
    const platform = await f.work(null, 2000);
    const coupon = await addCoupon(f.db, f.buyer.id, { amountCents: 1200 });
    const o = await f.order([a, b, platform], f.buyer, { couponId: coupon });
    expect(o.amountCents).toBe(10800);
    expect((await call(f.app, 'POST', '/api/trade/pay/wallet', f.buyer.auth, { orderId: o.id })).status).toBe(200);
    // Paid 10800 of 12000 list: 5400 / 3600 / 1800.
    expect((await f.credits()).filter((x) => x.orderId === o.id)).toEqual([
      { orderId: o.id, grossCents: 5400, sharePercent: 50, amountCents: 2700, reversed: false },
    ]);
    expect((await f.credits(other.id)).filter((x) => x.orderId === o.id)).toEqual([
      { orderId: o.id, grossCents: 3600, sharePercent: 60, amountCents: 2160, reversed: false },
    ]);
    // The platform's own work credits nobody.
    expect(
      (await f.db.query('SELECT count(*)::int AS n FROM creator_earnings WHERE order_id = $1', [o.id])).rows[0].n,
    ).toBe(2);
  });

  it('a creator buying their own work earns nothing from it', async () => {
    await f.db.query('UPDATE users SET balance_cents = 100000 WHERE id = $1', [f.creator.id]);
    const w = await f.work(f.creator.id, 3000);
    const o = await f.order([w], f.creator);
    expect((await call(f.app, 'POST', '/api/trade/pay/wallet', f.creator.auth, { orderId: o.id })).status).toBe(200);
    expect((await f.credits()).filter((x) => x.orderId === o.id)).toEqual([]);
  });

  it('when crediting fails the payment is not applied either: it is one transaction', async () => {
    const w = await f.work(f.creator.id, 7000);
    const o = await f.order([w]);
    await f.db.query(
      `CREATE FUNCTION refuse_credit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'credit refused'; END $$`,
    );
    await f.db.query(
      'CREATE TRIGGER refuse_credit BEFORE INSERT ON creator_earnings FOR EACH ROW EXECUTE FUNCTION refuse_credit()',
    );
    try {
      const r = await f.notify(o).send();
      expect(r.status).toBe(500);
      expect((await f.db.query('SELECT status FROM orders WHERE id = $1', [o.id])).rows[0].status).toBe('pending');
      expect((await f.db.query('SELECT count(*)::int AS n FROM licences WHERE order_id = $1', [o.id])).rows[0].n).toBe(
        0,
      );
      expect((await f.db.query('SELECT count(*)::int AS n FROM payments WHERE order_id = $1', [o.id])).rows[0].n).toBe(
        0,
      );
    } finally {
      await f.db.query('DROP TRIGGER refuse_credit ON creator_earnings');
      await f.db.query('DROP FUNCTION refuse_credit()');
    }
    // The provider retries the callback: now it pays and credits.
    expect((await f.notify(o).send()).status).toBe(200);
    expect((await f.credits()).filter((x) => x.orderId === o.id)).toHaveLength(1);
  });
});
