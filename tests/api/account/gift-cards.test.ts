import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { call } from '../../helpers/trade.js';
import { credit } from '../../../server/src/repositories/wallet.js';

describe('gift cards: bought through checkout, redeemed once into the wallet, guessing rate-limited', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let buyer: Awaited<ReturnType<typeof makeUser>>;
  let friend: Awaited<ReturnType<typeof makeUser>>;
  let rival: Awaited<ReturnType<typeof makeUser>>;
  let guesser: Awaited<ReturnType<typeof makeUser>>;
  let staff: Awaited<ReturnType<typeof makeUser>>;

  beforeAll(async () => {
    t = await makeTestApp();
    [buyer, friend, rival, guesser] = [
      await makeUser(t.db),
      await makeUser(t.db),
      await makeUser(t.db),
      await makeUser(t.db),
    ];
    staff = await makeUser(t.db, { roles: ['buyer', 'staff'] });
  });
  afterAll(() => t?.close());

  const balance = async (u: typeof buyer) =>
    Number((await t.db.query('SELECT balance_cents FROM users WHERE id = $1', [u.id])).rows[0].balance_cents);
  const mine = async () =>
    (await call(t.app, 'GET', '/api/user/gift-cards/list', buyer.auth)).body.data.list as Array<{
      code: string | null;
      status: number;
      amount_cents: number;
    }>;

  it('refuses amounts outside the schema and sells cards whose codes appear only once paid', async () => {
    expect(
      (await call(t.app, 'POST', '/api/gift-cards/orders', buyer.auth, { amount: 77, count: 1, recipientName: '小王' }))
        .status,
    ).toBe(400);
    expect(
      (
        await call(t.app, 'POST', '/api/gift-cards/orders', buyer.auth, {
          amount: 100,
          count: 21,
          recipientName: '小王',
        })
      ).status,
    ).toBe(400);
    const placed = await call(t.app, 'POST', '/api/gift-cards/orders', buyer.auth, {
      amount: 100,
      count: 2,
      recipientName: '小王',
      message: '生日快乐',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.data.amountCents).toBe(20000);
    expect((await mine()).map((c) => [c.code, c.status])).toEqual([
      [null, 0],
      [null, 0],
    ]);
    // The cashier shows it as one line, and gift cards are not offered for invoicing.
    expect((await call(t.app, 'GET', `/api/order/${placed.body.data.id}`, buyer.auth)).body.data.items[0].title).toBe(
      '礼品卡 ¥100 × 2 张',
    );

    await credit(t.db, buyer.id, 20000, 'recharge', 'test');
    expect(
      (await call(t.app, 'POST', '/api/trade/pay/wallet', buyer.auth, { orderId: placed.body.data.id })).status,
    ).toBe(200);
    const cards = await mine();
    expect(cards.every((c) => c.status === 1 && /^[A-HJ-NP-Z2-9]{16}$/.test(c.code!))).toBe(true);
    expect(new Set(cards.map((c) => c.code)).size).toBe(2);
    expect(
      (await call(t.app, 'GET', '/api/user/invoice/orders', buyer.auth)).body.data.list.map((o: any) => o.id),
    ).not.toContain(placed.body.data.id);
  });

  it('of parallel redemptions of one code exactly one credits the wallet', async () => {
    const [card] = await mine();
    const code = `${card.code!.slice(0, 4).toLowerCase()}-${card.code!.slice(4, 8)} ${card.code!.slice(8)}`; // as a person might type it
    const before = [await balance(friend), await balance(rival)];
    const answers = await Promise.all(
      [friend, rival, friend, rival].map((u) => call(t.app, 'POST', '/api/gift-cards/redeem', u.auth, { code })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    expect(answers.find((a) => a.status !== 200)!.body.msg).toBe('该礼品卡已被兑换');
    const gained = (await balance(friend)) - before[0] + (await balance(rival)) - before[1];
    expect(gained).toBe(10000);
    const txs = await t.db.query(
      `SELECT count(*)::int AS n FROM wallet_transactions WHERE kind = 'gift_card' AND user_id = ANY($1::bigint[])`,
      [[friend.id, rival.id]],
    );
    expect(txs.rows[0].n).toBe(1);
    expect((await mine()).filter((c) => c.status === 2)).toHaveLength(1);
  });

  it('pauses redemption after too many wrong codes, even for a right one', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await call(t.app, 'POST', '/api/gift-cards/redeem', guesser.auth, {
        code: `ABCDEFGHJKLMNP${String(i).padStart(2, '2')}`,
      });
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe('卡密不存在，请核对后重新输入');
    }
    const right = (await mine()).find((c) => c.status === 1)!;
    const blocked = await call(t.app, 'POST', '/api/gift-cards/redeem', guesser.auth, { code: right.code });
    expect(blocked.status).toBe(429);
    expect((await mine()).find((c) => c.code === right.code)!.status).toBe(1);
  });

  it('staff make batches of redeemable cards, audit-logged; others may not', async () => {
    expect(
      (
        await call(t.app, 'POST', '/api/admin/gift-cards/batches', buyer.auth, {
          amount: 50,
          count: 3,
          note: '春节活动',
        })
      ).status,
    ).toBe(403);
    const made = await call(t.app, 'POST', '/api/admin/gift-cards/batches', staff.auth, {
      amount: 50,
      count: 3,
      note: '春节活动',
    });
    expect(made.status).toBe(200);
    const cards = (await call(t.app, 'GET', `/api/admin/gift-cards/batches/${made.body.data.id}/cards`, staff.auth))
      .body.data;
    expect(cards).toHaveLength(3);
    const before = await balance(friend);
    expect((await call(t.app, 'POST', '/api/gift-cards/redeem', friend.auth, { code: cards[0].code })).status).toBe(
      200,
    );
    expect((await balance(friend)) - before).toBe(5000);
    const batches = (await call(t.app, 'GET', '/api/admin/gift-cards/batches', staff.auth)).body.data.list;
    expect(batches[0]).toMatchObject({ id: made.body.data.id, count: 3, redeemed: 1, note: '春节活动' });
    const audit = await t.db.query(
      `SELECT action, actor_id FROM audit_log WHERE target_type = 'gift-card-batch' AND target_id = $1`,
      [String(made.body.data.id)],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0].action).toBe('gift-card.batch');
  });

  it("a refund voids the order's unredeemed cards, and is refused once a card of it was redeemed", async () => {
    const refund = (orderNo: string) =>
      call(t.app, 'POST', '/api/admin/refunds/order', staff.auth, { orderNo, reason: '买家误购' });
    // The first order: one card redeemed above, so the money cannot all be given back.
    const first = (
      await t.db.query(`SELECT order_no FROM orders WHERE user_id = $1 AND kind = 'gift_card' ORDER BY id LIMIT 1`, [
        buyer.id,
      ])
    ).rows[0].order_no;
    const refused = await refund(first);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('该礼品卡订单已有 1 张卡被兑换，不能整单退款');
    expect((await mine()).map((c) => c.status).sort()).toEqual([1, 2]);

    const placed = await call(t.app, 'POST', '/api/gift-cards/orders', buyer.auth, {
      amount: 100,
      count: 2,
      recipientName: '小李',
    });
    await credit(t.db, buyer.id, 20000, 'recharge', 'test');
    expect(
      (await call(t.app, 'POST', '/api/trade/pay/wallet', buyer.auth, { orderId: placed.body.data.id })).status,
    ).toBe(200);
    const codes = (await mine()).filter((c) => c.status === 1).map((c) => c.code!);
    expect(codes.length).toBe(3);
    const before = await balance(buyer);
    const done = await refund(placed.body.data.orderNo);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await balance(buyer)).toBe(before + 20000);
    const after = await mine();
    expect(after.filter((c) => c.status === 3)).toHaveLength(2);
    const taker = await makeUser(t.db);
    const voided = after.find((c) => c.status === 3)!.code!;
    const tried = await call(t.app, 'POST', '/api/gift-cards/redeem', taker.auth, { code: voided });
    expect(tried.status).toBe(409);
    expect(await balance(taker)).toBe(0);
  });
});
