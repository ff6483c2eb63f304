import crypto from 'node:crypto';
import type { Db, Queryable } from '../db/index.js';
import { col, parseListQuery, type ListSpec } from '../http/list-query.js';
import { releaseCoupons } from './coupons.js';

/** Unpaid orders expire after 30 minutes and give their coupon back. */
export const ORDER_TTL_MS = 30 * 60 * 1000;

export interface OrderRow {
  id: number;
  orderNo: string;
  userId: number;
  status: 'pending' | 'paid' | 'expired' | 'cancelled' | 'refunded';
  source: 'cart' | 'direct';
  licenseeType: 'PERSONAL' | 'ORGANISATIONS';
  licenseeName: string;
  subtotalCents: number;
  discountCents: number;
  amountCents: number;
  couponId: number | null;
  payMethod: string | null;
  paidAt: Date | null;
  expiresAt: Date;
  createdAt: Date;
  /**
   * Payments of this order that granted nothing (paid again, after it closed, or the wrong amount):
   * 'pending' while one is still owed back, 'refunded' when all are; refundCents is their sum.
   */
  refundStatus: 'pending' | 'refunded' | null;
  refundCents: number | null;
  /** 'service': a copyright-service order (its package in service_orders), listed at /cyprotect/myorderinfo. */
  kind: 'material' | 'service' | 'gift_card';
}

const COLUMNS = `o.id, o.order_no AS "orderNo", o.user_id AS "userId", o.status, o.source, o.licensee_type AS "licenseeType",
  o.licensee_name AS "licenseeName", o.subtotal_cents AS "subtotalCents", o.discount_cents AS "discountCents",
  o.amount_cents AS "amountCents", o.coupon_id AS "couponId", o.pay_method AS "payMethod", o.paid_at AS "paidAt",
  o.expires_at AS "expiresAt", o.created_at AS "createdAt", o.kind,
  (SELECT CASE WHEN bool_or(r.status <> 'refunded') THEN 'pending' WHEN count(*) > 0 THEN 'refunded' END FROM refunds r WHERE r.order_id = o.id) AS "refundStatus",
  (SELECT sum(r.amount_cents)::int FROM refunds r WHERE r.order_id = o.id) AS "refundCents"`;

/** Order numbers: date + random digits, unguessable enough not to enumerate. */
export function newOrderNo(): string {
  const d = new Date();
  const ymd = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
  return `LM${ymd}${crypto.randomInt(10 ** 9, 10 ** 10 - 1)}`;
}

export interface NewOrder {
  userId: number;
  source: 'cart' | 'direct';
  licenseeType: string;
  licenseeName: string;
  subtotalCents: number;
  /** 'service' for copyright-service orders (services/service-orders.ts): no material lines. */
  kind?: 'material' | 'service' | 'gift_card';
  items: Array<{
    materialId: number;
    title: string;
    type: number;
    scenario: string;
    level: string;
    priceCents: number;
  }>;
}

export async function insertOrder(db: Queryable, o: NewOrder): Promise<{ id: number; orderNo: string }> {
  const orderNo = newOrderNo();
  const r = await db.query<{ id: number }>(
    `INSERT INTO orders(order_no, user_id, source, licensee_type, licensee_name, subtotal_cents, amount_cents, expires_at, kind)
     VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $8) RETURNING id`,
    [
      orderNo,
      o.userId,
      o.source,
      o.licenseeType,
      o.licenseeName,
      o.subtotalCents,
      new Date(Date.now() + ORDER_TTL_MS),
      o.kind ?? 'material',
    ],
  );
  const id = Number(r.rows[0].id);
  for (const it of o.items) {
    await db.query(
      `INSERT INTO order_items(order_id, material_id, title, material_type, scenario, level, price_cents) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [id, it.materialId, it.title, it.type, it.scenario, it.level, it.priceCents],
    );
  }
  return { id, orderNo };
}

export async function applyDiscount(
  db: Queryable,
  orderId: number,
  couponId: number,
  discountCents: number,
): Promise<void> {
  await db.query(
    'UPDATE orders SET coupon_id = $2, discount_cents = $3, amount_cents = subtotal_cents - $3 WHERE id = $1',
    [orderId, couponId, discountCents],
  );
}

/**
 * Expires unpaid orders past their deadline (all, or one user's) and releases their coupons, in
 * one transaction (its own, or the caller's when given a transaction handle): an order is never
 * left expired with its coupon still claimed. Called lazily before reads and by the periodic sweep.
 */
export async function expireOrders(db: Db | Queryable, userId?: number): Promise<number> {
  const run = async (q: Queryable) => {
    const r = await q.query<{ id: number }>(
      `UPDATE orders SET status = 'expired' WHERE status = 'pending' AND expires_at <= now() ${userId ? 'AND user_id = $1' : ''} RETURNING id`,
      userId ? [userId] : [],
    );
    await releaseCoupons(
      q,
      r.rows.map((x) => Number(x.id)),
    );
    return r.rows.length;
  };
  return 'tx' in db ? db.tx(run) : run(db);
}

export async function findOrder(db: Queryable, userId: number, id: number): Promise<OrderRow | null> {
  await expireOrders(db, userId);
  return (
    (await db.query<OrderRow>(`SELECT ${COLUMNS} FROM orders o WHERE o.id = $1 AND o.user_id = $2`, [id, userId]))
      .rows[0] ?? null
  );
}

export async function findOrderByNo(db: Queryable, orderNo: string): Promise<OrderRow | null> {
  return (await db.query<OrderRow>(`SELECT ${COLUMNS} FROM orders o WHERE o.order_no = $1`, [orderNo])).rows[0] ?? null;
}

export async function orderItems(db: Queryable, orderId: number) {
  const r = await db.query(
    `SELECT i.id, i.material_id AS "materialId", i.title, i.material_type AS "type", i.scenario, i.level, i.price_cents AS "priceCents",
            m.cover_path AS "coverPath"
     FROM order_items i LEFT JOIN materials m ON m.id = i.material_id WHERE i.order_id = $1 ORDER BY i.id`,
    [orderId],
  );
  return r.rows;
}

/** Titles of an order's lines whose material is no longer approved: such an order is not offered for payment. */
export async function takenDownItems(db: Queryable, orderId: number): Promise<string[]> {
  const r = await db.query<{ title: string }>(
    'SELECT i.title FROM order_items i JOIN materials m ON m.id = i.material_id WHERE i.order_id = $1 AND m.status <> 1 ORDER BY i.id',
    [orderId],
  );
  return r.rows.map((x) => x.title);
}

/** GET /api/order/list: filterable and sortable columns. */
export const ORDER_LIST: ListSpec = {
  columns: {
    id: col.bigint('o.id', '订单编号'),
    orderNo: col.text('o.order_no', '订单号'),
    status: col.text('o.status', '状态'),
    amountCents: col.int('o.amount_cents', '实付金额'),
    createdAt: col.time('o.created_at', '下单时间'),
    payMethod: col.text('o.pay_method', '支付方式'),
  },
  defaultSort: { field: 'id', order: 'desc' },
};

export async function listOrders(db: Queryable, userId: number, query: Record<string, any>) {
  await expireOrders(db, userId);
  const q = parseListQuery(query, ORDER_LIST, [userId]);
  // Copyright-service orders have their own list (/api/service-orders); this one is for licences.
  const where = ['o.user_id = $1', "o.kind = 'material'", ...q.where].join(' AND ');
  const list = await db.query(
    `SELECT ${COLUMNS}, (SELECT string_agg(i.title, '、' ORDER BY i.id) FROM order_items i WHERE i.order_id = o.id) AS "itemTitles",
       (SELECT count(*)::int FROM order_items i WHERE i.order_id = o.id) AS "itemCount"
     FROM orders o WHERE ${where} ORDER BY ${q.orderBy} LIMIT ${q.limit} OFFSET ${q.offset}`,
    q.params,
  );
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders o WHERE ${where}`, q.params);
  return { list: list.rows, total: total.rows[0].n };
}

/**
 * The one place an order becomes paid: atomic, idempotent and amount-checked (ASVS 2.3.3/2.3.4).
 * Only a pending, unexpired order with exactly this amount changes; the caller checks the result.
 */
export async function markPaid(
  db: Queryable,
  orderId: number,
  amountCents: number,
  payMethod: string,
): Promise<boolean> {
  const r = await db.query(
    `UPDATE orders SET status = 'paid', paid_at = now(), pay_method = $3
     WHERE id = $1 AND status = 'pending' AND amount_cents = $2 AND expires_at > now()`,
    [orderId, amountCents, payMethod],
  );
  return r.rowCount === 1;
}

export async function cancelOrder(db: Queryable, userId: number, id: number): Promise<boolean> {
  const r = await db.query(
    `UPDATE orders SET status = 'cancelled' WHERE id = $1 AND user_id = $2 AND status = 'pending'`,
    [id, userId],
  );
  if (r.rowCount) await releaseCoupons(db, [id]);
  return r.rowCount === 1;
}

/** A paid order refunded in full by staff: once (only a paid order changes); the caller checks the result. */
export async function markRefunded(db: Queryable, orderId: number): Promise<boolean> {
  const r = await db.query(
    `UPDATE orders SET status = 'refunded', refunded_at = now() WHERE id = $1 AND status = 'paid'`,
    [orderId],
  );
  return r.rowCount === 1;
}
