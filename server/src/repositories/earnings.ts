import type { Queryable } from '../db/index.js';
import { col, parseListQuery, type ListSpec } from '../http/list-query.js';
import type { OwnedTable } from './owned-records.js';
import type { SalesSummary } from '../../../src/schemas/api/earnings.js';

/** One line of a paid order, with what crediting its work's owner needs. */
export interface SaleLine {
  orderItemId: number;
  orderId: number;
  materialId: number;
  scenario: string;
  priceCents: number;
  buyerId: number;
  buyerType: 'PERSONAL' | 'ORGANISATIONS';
  ownerId: number | null;
  exclusiveCreator: boolean;
}

/** The lines of an order in line order, with the paid amount and each work's owner. */
export async function saleLines(q: Queryable, orderId: number): Promise<{ amountCents: number; lines: SaleLine[] }> {
  const r = await q.query<SaleLine & { amountCents: number }>(
    `SELECT i.id AS "orderItemId", i.order_id AS "orderId", i.material_id AS "materialId", i.scenario, i.price_cents AS "priceCents",
            o.user_id AS "buyerId", o.licensee_type AS "buyerType", o.amount_cents AS "amountCents",
            m.owner_id AS "ownerId", COALESCE(u.exclusive_creator, false) AS "exclusiveCreator"
       FROM order_items i JOIN orders o ON o.id = i.order_id JOIN materials m ON m.id = i.material_id
       LEFT JOIN users u ON u.id = m.owner_id
      WHERE i.order_id = $1 ORDER BY i.id`,
    [orderId],
  );
  const lines = r.rows.map((x) => ({
    ...x,
    orderItemId: Number(x.orderItemId),
    orderId: Number(x.orderId),
    materialId: Number(x.materialId),
    priceCents: Number(x.priceCents),
    buyerId: Number(x.buyerId),
    ownerId: x.ownerId == null ? null : Number(x.ownerId),
  }));
  return { amountCents: Number(r.rows[0]?.amountCents ?? 0), lines };
}

export interface SaleCredit {
  userId: number;
  orderId: number;
  orderItemId: number;
  materialId: number;
  scenario: string;
  buyerType: string;
  grossCents: number;
  sharePercent: number;
  amountCents: number;
  holdDays: number;
  note: string;
}

/** Credits one order line once (UNIQUE order_item_id): true when this call inserted it. */
export async function insertSaleCredit(q: Queryable, c: SaleCredit): Promise<boolean> {
  const r = await q.query(
    `INSERT INTO creator_earnings(user_id, order_id, order_item_id, material_id, scenario, buyer_type, gross_cents, share_percent, amount_cents, note, available_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now() + make_interval(days => $11::int))
     ON CONFLICT (order_item_id) DO NOTHING`,
    [
      c.userId,
      c.orderId,
      c.orderItemId,
      c.materialId,
      c.scenario,
      c.buyerType,
      c.grossCents,
      c.sharePercent,
      c.amountCents,
      c.note,
      c.holdDays,
    ],
  );
  return r.rowCount === 1;
}

/** Reverses every standing credit of an order (refunded); returns how many and how much. */
export async function reverseOrderCredits(
  q: Queryable,
  orderId: number,
  refundId: number,
): Promise<{ count: number; cents: number }> {
  const r = await q.query<{ amount_cents: number }>(
    `UPDATE creator_earnings SET reversed_at = now(), refund_id = $2 WHERE order_id = $1 AND reversed_at IS NULL RETURNING amount_cents`,
    [orderId, refundId],
  );
  return { count: r.rows.length, cents: r.rows.reduce((s, x) => s + Number(x.amount_cents), 0) };
}

/**
 * A creator's earnings with their derived state (migration 790): reversed, pending (held), withdrawn
 * (covered oldest first by paid withdrawals) or available. The window runs over all of the
 * creator's rows before any filter, so a row's state does not depend on the page asked for.
 */
const SALES_FROM = `(SELECT e.id, e.user_id, e.material_id, e.order_id, e.scenario, e.buyer_type, e.gross_cents, e.share_percent,
    e.amount_cents, e.note, e.created_at, e.available_at, e.reversed_at, COALESCE(i.title, m.title) AS title, o.order_no,
    CASE WHEN e.reversed_at IS NOT NULL THEN 'reversed'
         WHEN e.available_at > now() THEN 'pending'
         WHEN sum(CASE WHEN e.reversed_at IS NULL AND e.available_at <= now() THEN e.amount_cents ELSE 0 END)
                OVER (PARTITION BY e.user_id ORDER BY e.available_at, e.id) <= COALESCE(w.paid, 0) THEN 'withdrawn'
         ELSE 'available' END AS state
  FROM creator_earnings e
  LEFT JOIN order_items i ON i.id = e.order_item_id
  LEFT JOIN orders o ON o.id = e.order_id
  LEFT JOIN materials m ON m.id = e.material_id
  LEFT JOIN (SELECT user_id, sum(amount_cents) AS paid FROM withdrawals WHERE status = 1 GROUP BY user_id) w ON w.user_id = e.user_id) s`;

export const SALES_LIST: ListSpec = {
  columns: {
    id: col.bigint('id', '编号'),
    title: col.text('title', '作品'),
    materialId: col.bigint('material_id', '作品编号'),
    scenario: col.text('scenario', '授权场景'),
    buyerType: col.text('buyer_type', '买家类型'),
    state: col.text('state', '收益状态'),
    grossCents: col.bigint('gross_cents', '实付金额'),
    amountCents: col.bigint('amount_cents', '分成收益'),
    createdAt: col.time('created_at', '入账时间'),
  },
  sortable: ['amountCents', 'grossCents', 'createdAt'],
  defaultSort: { field: 'createdAt', order: 'desc' },
};

/** The creator's sales as an owned table for the list convention (GET /api/creator/sales/list). */
export const salesTable: OwnedTable = {
  table: SALES_FROM,
  owner: 'user_id',
  select: `id, title, material_id AS "materialId", order_no AS "orderNo", scenario, buyer_type AS "buyerType", gross_cents AS "grossCents",
    share_percent::float8 AS "sharePercent", amount_cents AS "amountCents", state, note, created_at AS "createdAt",
    available_at AS "availableAt", reversed_at AS "reversedAt"`,
  list: SALES_LIST,
};

/**
 * Totals of the sales a filter selects (the list's own filters), per day and per work, for the
 * sales page's figures and charts. Reversed sales count in `reversedCents` only.
 */
export async function salesSummary(
  q: Queryable,
  userId: number,
  query: Record<string, unknown>,
): Promise<SalesSummary> {
  const params: unknown[] = [userId];
  const l = parseListQuery(query, SALES_LIST, params);
  const where = ['user_id = $1', ...l.where].join(' AND ');
  const standing = `${where} AND state <> 'reversed'`;
  const [totals, byDay, byWork] = await Promise.all([
    q.query<{ count: number; gross: number; amount: number; reversed: number }>(
      `SELECT count(*) FILTER (WHERE state <> 'reversed')::int AS count,
              COALESCE(sum(gross_cents) FILTER (WHERE state <> 'reversed'), 0)::bigint AS gross,
              COALESCE(sum(amount_cents) FILTER (WHERE state <> 'reversed'), 0)::bigint AS amount,
              COALESCE(sum(amount_cents) FILTER (WHERE state = 'reversed'), 0)::bigint AS reversed
         FROM ${SALES_FROM} WHERE ${where}`,
      l.params,
    ),
    // China calendar days: a sale at 23:30 Beijing time belongs to that day, not the next UTC one.
    q.query<{ day: string; amount: number; count: number }>(
      `SELECT to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS day, sum(amount_cents)::bigint AS amount, count(*)::int AS count
         FROM ${SALES_FROM} WHERE ${standing} GROUP BY 1 ORDER BY 1`,
      l.params,
    ),
    q.query<{ materialId: number | null; title: string | null; amount: number; count: number }>(
      `SELECT material_id AS "materialId", max(title) AS title, sum(amount_cents)::bigint AS amount, count(*)::int AS count
         FROM ${SALES_FROM} WHERE ${standing} GROUP BY material_id ORDER BY 3 DESC, 1 LIMIT 10`,
      l.params,
    ),
  ]);
  const t = totals.rows[0];
  return {
    count: Number(t.count),
    grossCents: Number(t.gross),
    amountCents: Number(t.amount),
    reversedCents: Number(t.reversed),
    byDay: byDay.rows.map((r) => ({ day: r.day, amountCents: Number(r.amount), count: Number(r.count) })),
    byWork: byWork.rows.map((r) => ({
      materialId: r.materialId == null ? null : Number(r.materialId),
      title: r.title ?? '其他收益',
      amountCents: Number(r.amount),
      count: Number(r.count),
    })),
  };
}
