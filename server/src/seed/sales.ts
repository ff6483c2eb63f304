import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/index.js';
import { insertOrder } from '../repositories/orders.js';
import { credit } from '../repositories/wallet.js';
import { insertWithdrawal } from '../repositories/withdrawals.js';
import { addWithdrawalEvent } from '../repositories/withdrawal-review.js';
import { payFromWallet } from '../services/payments.js';
import { refundPaidOrder } from '../services/order-refund.js';
import { approveWithdrawal, rejectWithdrawal } from '../services/withdrawal-review.js';
import { PAYOUT_PROVIDER, payProviders } from '../adapters/pay/index.js';
import { findOrderByNo } from '../repositories/orders.js';

const DAY = 24 * 3600 * 1000;

/** Two buyers that exist only to have bought demo_creator's works (no password: nobody logs in as them). */
const PATRONS = [
  {
    username: 'seed_patron_personal',
    nickname: '影像爱好者',
    owner_type: 'PERSONAL',
    company_name: null,
    scenario: 'personal_media',
  },
  {
    username: 'seed_patron_company',
    nickname: '青禾广告',
    owner_type: 'ORGANISATIONS',
    company_name: '青禾广告有限公司',
    scenario: 'enterprise_promotion',
  },
] as const;

/** Sales of demo_creator's works: [work index, patron index, days ago]. */
const SALES: Array<[number, number, number]> = [
  [0, 1, 38],
  [1, 0, 35],
  [2, 1, 31],
  [0, 0, 27],
  [3, 1, 24],
  [4, 0, 20],
  [1, 1, 17],
  [5, 0, 13],
  [2, 0, 10],
  [6, 1, 8],
  [3, 0, 5],
  [7, 1, 3],
  [4, 1, 1],
  [0, 1, 0],
];

/**
 * Creator-earnings demo data through the real flows: demo_creator's works sold over the last weeks
 * (orders paid from the patrons' wallets, so settlePaid credits the shares), one order refunded
 * (its share reversed), and three withdrawals: paid through the sandbox, refused with a reason,
 * and one awaiting review at /admin/withdrawals. Dates are moved back afterwards so the charts
 * have a history and the older credits are past their holding period. Skips when any sale exists.
 */
export async function seedSales(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const creator = (await db.query<{ id: number }>("SELECT id FROM users WHERE username = 'demo_creator'")).rows[0];
  const staff = (await db.query<{ id: number }>("SELECT id FROM users WHERE username = 'demo_staff'")).rows[0];
  if (!creator || !staff) return;
  const creatorId = Number(creator.id);
  if (
    (
      await db.query('SELECT 1 FROM creator_earnings WHERE user_id = $1 AND order_item_id IS NOT NULL LIMIT 1', [
        creatorId,
      ])
    ).rows.length
  )
    return;
  const works = (
    await db.query<{ id: number; title: string; type: number; price_cents: number }>(
      'SELECT id, title, type, price_cents FROM materials WHERE owner_id = $1 AND status = 1 ORDER BY id LIMIT 8',
      [creatorId],
    )
  ).rows;
  if (!works.length) return;

  const patrons = [];
  for (const p of PATRONS) {
    const r = await db.query<{ id: number }>(
      `INSERT INTO users(username, nickname, owner_type, company_name, regist_source, regist_device) VALUES ($1, $2, $3, $4, 'SEED', 'PC')
       ON CONFLICT (username) DO UPDATE SET nickname = EXCLUDED.nickname RETURNING id`,
      [p.username, p.nickname, p.owner_type, p.company_name],
    );
    const id = Number(r.rows[0].id);
    await credit(db, id, 10_000_000, 'seed', '演示买家余额');
    patrons.push({ ...p, id });
  }

  const orders: Array<{ orderNo: string; daysAgo: number }> = [];
  for (const [w, p, daysAgo] of SALES) {
    const work = works[w % works.length];
    const patron = patrons[p];
    const multiplier = patron.scenario === 'enterprise_promotion' ? 3 : 1;
    const o = await insertOrder(db, {
      userId: patron.id,
      source: 'direct',
      licenseeType: patron.owner_type,
      licenseeName: patron.company_name ?? patron.nickname,
      subtotalCents: Number(work.price_cents) * multiplier,
      items: [
        {
          materialId: Number(work.id),
          title: work.title,
          type: Number(work.type),
          scenario: patron.scenario,
          level: multiplier === 1 ? 'personal' : 'company',
          priceCents: Number(work.price_cents) * multiplier,
        },
      ],
    });
    const order = (await findOrderByNo(db, o.orderNo))!;
    await db.tx((t) => payFromWallet(t, order));
    orders.push({ orderNo: o.orderNo, daysAgo });
  }
  const providers = payProviders(app.config, db);
  await refundPaidOrder(
    db,
    providers,
    { orderNo: orders[4].orderNo, reason: '买家重复购买，核实后退款' },
    Number(staff.id),
  );
  await db.tx((t) => backdate(t, orders));

  const form = { channel: 'alipay', accountName: '山川', accountNo: 'shanchuan@example.com' };
  const request = (yuan: number) =>
    db.tx(async (t) => {
      const id = await insertWithdrawal(t, creatorId, yuan * 100, { amount: yuan, ...form });
      await addWithdrawalEvent(t, {
        withdrawalId: id,
        actorId: creatorId,
        actorRole: 'creator',
        action: 'requested',
        fromStatus: null,
        toStatus: 0,
      });
      return id;
    });
  // Paid: the two oldest credits in whole yuan, so the list shows sales already withdrawn.
  const oldest = await db.query<{ amount_cents: number }>(
    'SELECT amount_cents FROM creator_earnings WHERE user_id = $1 AND reversed_at IS NULL ORDER BY available_at, id LIMIT 2',
    [creatorId],
  );
  const paidYuan = Math.floor(oldest.rows.reduce((sum, r) => sum + Number(r.amount_cents), 0) / 100);
  await approveWithdrawal(db, providers[PAYOUT_PROVIDER], await request(paidYuan), Number(staff.id));
  await rejectWithdrawal(db, await request(80), Number(staff.id), '收款人姓名与实名认证信息不一致，请核对后重新申请');
  await request(50);
}

/** Moves each sale (order, payment, licence, credit) back to its day; the holding period keeps its length. */
async function backdate(t: Queryable, orders: Array<{ orderNo: string; daysAgo: number }>): Promise<void> {
  for (const { orderNo, daysAgo } of orders) {
    const at = new Date(Date.now() - daysAgo * DAY - 2 * 3600 * 1000);
    const id = (
      await t.query<{ id: number }>(
        'UPDATE orders SET created_at = $2, paid_at = $2 WHERE order_no = $1 RETURNING id',
        [orderNo, at],
      )
    ).rows[0].id;
    await t.query('UPDATE payments SET created_at = $2 WHERE order_id = $1', [id, at]);
    await t.query('UPDATE licences SET created_at = $2 WHERE order_id = $1', [id, at]);
    await t.query(
      `UPDATE creator_earnings SET available_at = $2::timestamptz + (available_at - created_at), created_at = $2 WHERE order_id = $1`,
      [id, at],
    );
  }
}
