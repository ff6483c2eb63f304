import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { addCoupon, call, makeMaterial } from '../../helpers/trade.js';
import { freshIp, lastCode, randomPhone, send } from '../login/helpers.js';

type U = Awaited<ReturnType<typeof makeUser>> & { phone: string };

/**
 * Issue 29 probes: money and limits under parallel requests. Each race sends its requests at once
 * on a warmed pool (PostgreSQL runs them on separate connections) and checks that exactly one wins
 * and that money, ledger rows and codes are written once.
 */
describe('probes: parallel escrow, coupons and SMS limits', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());
  const warmPool = () => Promise.all(Array.from({ length: 10 }, () => t.db.query('SELECT 1')));
  const user = async (phone: string, roles = ['buyer']) => ({ ...(await makeUser(t.db, { phone, roles })), phone });
  const balance = async (u: U) =>
    Number((await t.db.query('SELECT balance_cents AS b FROM users WHERE id = $1', [u.id])).rows[0].b);

  describe('copyright deal escrow (services/copyright-trading.ts)', () => {
    let seller: U;
    let buyer: U;
    let staff: U;
    beforeAll(async () => {
      seller = await user(randomPhone(), ['buyer', 'creator']);
      buyer = await user(randomPhone());
      staff = await user(randomPhone(), ['buyer', 'staff']);
      await t.db.query('UPDATE users SET balance_cents = 1000000 WHERE id = $1', [buyer.id]);
    });
    /** A fixed-price listing bought into escrow: returns the deal id. */
    async function escrowedDeal(priceYuan: number): Promise<number> {
      const dep = Number(
        (
          await t.db.query<{ id: number }>(
            `INSERT INTO evidence_deposits(user_id, work_name, work_category, form, file_name, file_key, file_size, mime, sha256, status, cert_no, deposited_at)
         VALUES ($1, '并发托管', 1, '{}', 'a.jpg', 'k', 1, 'image/jpeg', $2, 1, $3, now()) RETURNING id`,
            [
              seller.id,
              'cd'.repeat(32),
              `LM${String(Date.now() + Math.floor(Math.random() * 1e6))
                .slice(-16)
                .padStart(16, '0')}`,
            ],
          )
        ).rows[0].id,
      );
      const listing = await call(t.app, 'POST', '/api/cytransfer/listings', seller.auth, {
        proof: `deposit:${dep}`,
        mode: 'transfer',
        rights: ['reproduction'],
        territory: '中国大陆',
        exclusive: true,
        price: priceYuan,
      });
      expect(listing.status).toBe(200);
      const id = listing.body.data.id;
      expect(
        (await call(t.app, 'POST', `/api/cytransfer/admin/listings/${id}/review`, staff.auth, { approve: true }))
          .status,
      ).toBe(200);
      const bought = await call(t.app, 'POST', `/api/cytransfer/listings/${id}/buy`, buyer.auth);
      expect(bought.status).toBe(200);
      return bought.body.data.dealId;
    }
    async function signCode(u: U, dealId: number) {
      await t.db.query(`UPDATE sms_codes SET created_at = created_at - interval '2 minutes' WHERE phone = $1`, [
        u.phone,
      ]);
      expect((await call(t.app, 'POST', `/api/cytransfer/deals/${dealId}/sign/code`, u.auth)).status).toBe(200);
      return lastCode(t.app, u.phone);
    }
    const moves = async (dealId: number) =>
      (
        await t.db.query(`SELECT user_id, kind, amount_cents FROM wallet_transactions WHERE note LIKE $1 ORDER BY id`, [
          `%#${dealId}`,
        ])
      ).rows.map((m) => [Number(m.user_id), m.kind, Number(m.amount_cents)]);

    it('release (the last signature) against two refunds (both parties cancel) at once: one wins, money moves once', async () => {
      const dealId = await escrowedDeal(3);
      const before = { buyer: await balance(buyer), seller: await balance(seller) };
      await signCode(seller, dealId);
      expect(
        (
          await call(t.app, 'POST', `/api/cytransfer/deals/${dealId}/sign`, seller.auth, {
            code: await lastCode(t.app, seller.phone),
          })
        ).status,
      ).toBe(200);
      const code = await signCode(buyer, dealId);
      await warmPool();
      const results = await Promise.all([
        call(t.app, 'POST', `/api/cytransfer/deals/${dealId}/sign`, buyer.auth, { code }),
        call(t.app, 'POST', `/api/cytransfer/deals/${dealId}/cancel`, buyer.auth),
        call(t.app, 'POST', `/api/cytransfer/deals/${dealId}/cancel`, seller.auth),
        call(t.app, 'POST', `/api/cytransfer/deals/${dealId}/sign`, buyer.auth, { code }),
      ]);
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of results.filter((x) => x.status !== 200)) expect(r.body.msg).toMatch(/[\u4e00-\u9fff]/);
      const status = (await t.db.query('SELECT status FROM copyright_deals WHERE id = $1', [dealId])).rows[0].status;
      const m = await moves(dealId);
      if (status === 'completed') {
        expect(m).toEqual([
          [buyer.id, 'escrow', -300],
          [seller.id, 'copyright_sale', 300],
        ]);
        expect([await balance(buyer), await balance(seller)]).toEqual([before.buyer, before.seller + 300]);
        const blocks = await t.db.query(
          `SELECT count(*)::int AS n FROM evidence_log_leaves WHERE payload->>'type' = 'copyright-transfer' AND payload->>'dealId' = $1`,
          [String(dealId)],
        );
        expect(blocks.rows[0].n).toBe(1);
      } else {
        expect(status).toBe('cancelled');
        expect(m).toEqual([
          [buyer.id, 'escrow', -300],
          [buyer.id, 'escrow_refund', 300],
        ]);
        expect([await balance(buyer), await balance(seller)]).toEqual([before.buyer + 300, before.seller]);
      }
    });

    it('two refunds at once (buyer and seller cancel together): the buyer is refunded once', async () => {
      const dealId = await escrowedDeal(2);
      const before = await balance(buyer);
      await warmPool();
      const results = await Promise.all(
        [1, 2, 3].flatMap(() =>
          [seller, buyer].map((u) => call(t.app, 'POST', `/api/cytransfer/deals/${dealId}/cancel`, u.auth)),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      expect(await balance(buyer)).toBe(before + 200);
      expect(await moves(dealId)).toEqual([
        [buyer.id, 'escrow', -200],
        [buyer.id, 'escrow_refund', 200],
      ]);
    });
  });

  it('one coupon, five parallel orders that each qualify (trade and service orders): exactly one gets it', async () => {
    const u = await makeUser(t.db, { owner_type: 'ORGANISATIONS', company_name: '并发优惠券公司' });
    const mats = await Promise.all(
      [1, 2, 3].map((i) => makeMaterial(t.app, t.db, { priceCents: 10000, title: `并发素材${i}` })),
    );
    const coupon = await addCoupon(t.db, u.id, { amountCents: 1000, thresholdCents: 5000 });
    await warmPool();
    const results = await Promise.all([
      ...mats.map((m) =>
        call(t.app, 'POST', '/api/trade/order', u.auth, {
          from: 'direct',
          items: [{ materialId: m, scenario: 'ecommerce_ads' }],
          couponId: coupon,
        }),
      ),
      ...[1, 2].map(() =>
        call(t.app, 'POST', '/api/service-orders', u.auth, { sku: 'web_evidence_10', count: 1, couponId: coupon }),
      ),
    ]);
    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.body.msg).toMatch(/优惠券/);
    const c = (await t.db.query('SELECT status, order_id FROM coupons WHERE id = $1', [coupon])).rows[0];
    expect(c.status).toBe(2);
    expect(Number(c.order_id)).toBe(won[0].body.data.id);
    // The losers left no order behind (each order is one transaction with its coupon claim).
    const orders = (await t.db.query('SELECT id, coupon_id FROM orders WHERE user_id = $1', [u.id])).rows;
    expect(orders.map((o) => [Number(o.id), Number(o.coupon_id)])).toEqual([[won[0].body.data.id, coupon]]);
  });

  describe('SMS send limits under parallel requests', () => {
    // No per-IP spacing and a small daily cap, so the daily count itself is what parallel sends race for.
    beforeAll(() => {
      vi.stubEnv('SMS_IP_INTERVAL_S', '0');
      vi.stubEnv('SMS_IP_DAILY_MAX', '3');
    });
    afterAll(() => vi.unstubAllEnvs());
    it('per IP: with SMS_IP_DAILY_MAX=3 and no spacing, 8 parallel sends from one address to 8 phones: exactly 3 go out', async () => {
      const ip = freshIp();
      await warmPool();
      const results = await Promise.all(Array.from({ length: 8 }, () => send(t.app, { phone: randomPhone() }, { ip })));
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
      for (const r of results.filter((x) => x.statusCode !== 200))
        expect([r.statusCode, r.json().msg]).toEqual([429, '当前网络今日获取验证码次数已达上限，请明天再试']);
      expect((await t.db.query('SELECT count(*)::int AS n FROM sms_codes WHERE ip = $1', [ip])).rows[0].n).toBe(3);
    });

    it('per phone: 9 sends today, 8 parallel more from 8 addresses: exactly one (the 10th) goes out, then the daily cap holds', async () => {
      const phone = randomPhone();
      for (let i = 0; i < 9; i++) {
        expect((await send(t.app, { phone }, { now: Date.now() - i })).statusCode).toBe(200);
        // Out of the 60 s spacing, still inside today (China calendar day: at most a few minutes back).
        await t.db.query(`UPDATE sms_codes SET created_at = created_at - interval '61 seconds' WHERE phone = $1`, [
          phone,
        ]);
      }
      await warmPool();
      // Timestamps after every earlier send's: a timestamp repeated from the loop above (it can be,
      // when the loop takes over 100 ms) signs the same body, and the server refuses it as a replay.
      const now = Date.now();
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => send(t.app, { phone }, { now: now + 100 + i })),
      );
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      await t.db.query(`UPDATE sms_codes SET created_at = created_at - interval '61 seconds' WHERE phone = $1`, [
        phone,
      ]);
      const after = await Promise.all(
        Array.from({ length: 4 }, (_, i) => send(t.app, { phone }, { now: now + 200 + i })),
      );
      expect(after.map((r) => [r.statusCode, r.json().msg])).toEqual(
        Array(4).fill([429, '该手机号今日获取验证码次数已达上限，请明天再试']),
      );
      expect((await t.db.query('SELECT count(*)::int AS n FROM sms_codes WHERE phone = $1', [phone])).rows[0].n).toBe(
        10,
      );
      expect(
        (await t.db.query('SELECT count(*)::int AS n FROM sms_sandbox_outbox WHERE phone = $1', [phone])).rows[0].n,
      ).toBe(10);
    });
  });
});
