import type { Queryable } from '../db/index.js';
import { col, parseListQuery, type ListSpec } from '../http/list-query.js';
import { expireOrders } from './orders.js';

/**
 * A service order's state, derived on read from its order and quota (lumen:status/service-order),
 * so it never drifts from the payment: pending, closed (unpaid and expired/cancelled), refunded
 * (whole order, or its unused units), used_up, expired (validity over), active.
 */
const STATUS_SQL = `CASE WHEN o.status = 'pending' THEN 'pending'
  WHEN o.status IN ('expired', 'cancelled') THEN 'closed'
  WHEN o.status = 'refunded' OR s.refunded_at IS NOT NULL THEN 'refunded'
  WHEN s.used >= s.quantity THEN 'used_up'
  WHEN s.expires_at IS NOT NULL AND s.expires_at <= now() THEN 'expired'
  ELSE 'active' END`;

/** The condition under which a service order's units may be used. */
const USABLE_SQL = `o.status = 'paid' AND s.refunded_at IS NULL AND (s.expires_at IS NULL OR s.expires_at > now())`;

export interface ServiceOrderRow {
  id: number;
  orderId: number;
  orderNo: string;
  userId: number;
  service: string;
  sku: string;
  title: string;
  count: number;
  quantity: number;
  used: number;
  left: number;
  status: 'pending' | 'active' | 'used_up' | 'expired' | 'closed' | 'refunded';
  priceCents: number;
  subtotalCents: number;
  discountCents: number;
  amountCents: number;
  payMethod: string | null;
  paidAt: Date | null;
  orderExpiresAt: Date;
  validDays: number;
  activatedAt: Date | null;
  expiresAt: Date | null;
  refundedUnits: number | null;
  refundedAt: Date | null;
  refundId: number | null;
  createdAt: Date;
}

const COLUMNS = `s.id, s.order_id AS "orderId", o.order_no AS "orderNo", s.user_id AS "userId", s.service, s.sku, s.title,
  s.count, s.quantity, s.used, (s.quantity - s.used) AS "left", ${STATUS_SQL} AS status, s.price_cents AS "priceCents",
  o.subtotal_cents AS "subtotalCents", o.discount_cents AS "discountCents", o.amount_cents AS "amountCents",
  o.pay_method AS "payMethod", o.paid_at AS "paidAt", o.expires_at AS "orderExpiresAt", s.valid_days AS "validDays",
  s.activated_at AS "activatedAt", s.expires_at AS "expiresAt", s.refunded_units AS "refundedUnits",
  s.refunded_at AS "refundedAt", s.refund_id AS "refundId", s.created_at AS "createdAt"`;
const FROM = 'service_orders s JOIN orders o ON o.id = s.order_id';

export async function insertServiceOrder(
  q: Queryable,
  s: {
    orderId: number;
    userId: number;
    service: string;
    sku: string;
    title: string;
    count: number;
    quantity: number;
    priceCents: number;
    validDays: number;
  },
): Promise<number> {
  const r = await q.query<{ id: number }>(
    `INSERT INTO service_orders(order_id, user_id, service, sku, title, count, quantity, price_cents, valid_days)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [s.orderId, s.userId, s.service, s.sku, s.title, s.count, s.quantity, s.priceCents, s.validDays],
  );
  return Number(r.rows[0].id);
}

/** Starts a paid order's validity, once (a replayed payment finds it activated). Returns the row when it changed. */
export async function activateServiceOrder(
  q: Queryable,
  orderId: number,
): Promise<{ id: number; userId: number; title: string } | null> {
  const r = await q.query<{ id: number; userId: number; title: string }>(
    `UPDATE service_orders SET activated_at = now(),
       expires_at = CASE WHEN valid_days > 0 THEN now() + valid_days * interval '1 day' END
     WHERE order_id = $1 AND activated_at IS NULL RETURNING id, user_id AS "userId", title`,
    [orderId],
  );
  return r.rows[0] ? { ...r.rows[0], id: Number(r.rows[0].id), userId: Number(r.rows[0].userId) } : null;
}

export async function findServiceOrder(
  q: Queryable,
  userId: number | null,
  id: number,
): Promise<ServiceOrderRow | null> {
  if (userId) await expireOrders(q, userId);
  const r = await q.query<ServiceOrderRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE s.id = $1 ${userId ? 'AND s.user_id = $2' : ''}`,
    userId ? [id, userId] : [id],
  );
  return r.rows[0] ?? null;
}

export async function serviceOrderByOrderId(q: Queryable, orderId: number): Promise<ServiceOrderRow | null> {
  return (
    (await q.query<ServiceOrderRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE s.order_id = $1`, [orderId])).rows[0] ?? null
  );
}

/** GET /api/service-orders/list: filterable and sortable columns. */
export const SERVICE_ORDER_LIST: ListSpec = {
  columns: {
    id: col.bigint('s.id', '服务订单编号'),
    orderNo: col.text('o.order_no', '订单号'),
    service: col.text('s.service', '服务'),
    status: col.text(`(${STATUS_SQL})`, '状态'),
    amountCents: col.int('o.amount_cents', '实付金额'),
    createdAt: col.time('s.created_at', '下单时间'),
  },
  defaultSort: { field: 'id', order: 'desc' },
};

export async function listServiceOrders(q: Queryable, userId: number, query: Record<string, any>) {
  await expireOrders(q, userId);
  const p = parseListQuery(query, SERVICE_ORDER_LIST, [userId]);
  const where = ['s.user_id = $1', ...p.where].join(' AND ');
  const list = await q.query<ServiceOrderRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE ${where} ORDER BY ${p.orderBy} LIMIT ${p.limit} OFFSET ${p.offset}`,
    p.params,
  );
  const total = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${FROM} WHERE ${where}`, p.params);
  return { list: list.rows, total: total.rows[0].n };
}

/** Units left per service over the user's usable orders (what the service pages show before a use). */
export async function quotaLeft(
  q: Queryable,
  userId: number,
  service?: string,
): Promise<Array<{ service: string; left: number; total: number }>> {
  const r = await q.query<{ service: string; left: number; total: number }>(
    `SELECT s.service, sum(s.quantity - s.used)::int AS left, sum(s.quantity)::int AS total FROM ${FROM}
     WHERE s.user_id = $1 AND ${USABLE_SQL} ${service ? 'AND s.service = $2' : ''} GROUP BY s.service ORDER BY s.service`,
    service ? [userId, service] : [userId],
  );
  return r.rows;
}

/** Usable orders of a service with at least `n` units left, the soonest to expire first. */
export async function usableServiceOrderIds(
  q: Queryable,
  userId: number,
  service: string,
  n: number,
): Promise<number[]> {
  const r = await q.query<{ id: number }>(
    `SELECT s.id FROM ${FROM} WHERE s.user_id = $1 AND s.service = $2 AND s.used + $3 <= s.quantity AND ${USABLE_SQL}
     ORDER BY s.expires_at NULLS LAST, s.id`,
    [userId, service, n],
  );
  return r.rows.map((x) => Number(x.id));
}

/**
 * Takes n units of one order if it still has them and is still usable: a single conditional UPDATE,
 * so parallel consumers serialise on the row and never take more than the quantity.
 */
export async function takeUnits(q: Queryable, serviceOrderId: number, n: number): Promise<boolean> {
  const r = await q.query(
    `UPDATE service_orders s SET used = s.used + $2 FROM orders o
     WHERE s.id = $1 AND o.id = s.order_id AND s.used + $2 <= s.quantity AND ${USABLE_SQL}`,
    [serviceOrderId, n],
  );
  return r.rowCount === 1;
}

export async function giveBackUnits(q: Queryable, serviceOrderId: number, n: number): Promise<void> {
  await q.query('UPDATE service_orders SET used = used - $2 WHERE id = $1 AND used >= $2', [serviceOrderId, n]);
}

export interface QuotaUse {
  id: number;
  serviceOrderId: number;
  service: string;
  ref: string;
  quantity: number;
  releasedAt: Date | null;
  createdAt: Date;
}
const USE_COLUMNS = `id, service_order_id AS "serviceOrderId", service, ref, quantity, released_at AS "releasedAt", created_at AS "createdAt"`;

/** Records a use; null when an unreleased use of this ref exists (a retry or a parallel twin). */
export async function insertQuotaUse(
  q: Queryable,
  u: { serviceOrderId: number; userId: number; service: string; ref: string; quantity: number },
): Promise<QuotaUse | null> {
  const r = await q.query<QuotaUse>(
    `INSERT INTO service_quota_uses(service_order_id, user_id, service, ref, quantity) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id, service, ref) WHERE released_at IS NULL DO NOTHING RETURNING ${USE_COLUMNS}`,
    [u.serviceOrderId, u.userId, u.service, u.ref, u.quantity],
  );
  return r.rows[0] ?? null;
}

export async function activeQuotaUse(
  q: Queryable,
  userId: number,
  service: string,
  ref: string,
): Promise<QuotaUse | null> {
  const r = await q.query<QuotaUse>(
    `SELECT ${USE_COLUMNS} FROM service_quota_uses WHERE user_id = $1 AND service = $2 AND ref = $3 AND released_at IS NULL`,
    [userId, service, ref],
  );
  return r.rows[0] ?? null;
}

/** Marks a use released, once; returns it when this call released it. */
export async function releaseQuotaUse(
  q: Queryable,
  userId: number,
  service: string,
  ref: string,
): Promise<QuotaUse | null> {
  const r = await q.query<QuotaUse>(
    `UPDATE service_quota_uses SET released_at = now() WHERE user_id = $1 AND service = $2 AND ref = $3 AND released_at IS NULL RETURNING ${USE_COLUMNS}`,
    [userId, service, ref],
  );
  return r.rows[0] ?? null;
}

export async function quotaUsesOf(q: Queryable, serviceOrderId: number): Promise<QuotaUse[]> {
  const r = await q.query<QuotaUse>(
    `SELECT ${USE_COLUMNS} FROM service_quota_uses WHERE service_order_id = $1 ORDER BY id DESC LIMIT 200`,
    [serviceOrderId],
  );
  return r.rows;
}

/**
 * Closes the unused units of a paid, unrefunded order, once: returns the units closed and the
 * order's amount (the caller prices the refund), or null when there is nothing to close.
 */
export async function closeUnusedUnits(
  q: Queryable,
  serviceOrderId: number,
): Promise<{ units: number; quantity: number; amountCents: number; orderId: number; userId: number } | null> {
  const r = await q.query<{ units: number; quantity: number; amountCents: number; orderId: number; userId: number }>(
    `UPDATE service_orders s SET refunded_units = s.quantity - s.used, refunded_at = now() FROM orders o
     WHERE s.id = $1 AND o.id = s.order_id AND o.status = 'paid' AND s.refunded_at IS NULL AND s.used < s.quantity
     RETURNING s.quantity - s.used AS units, s.quantity, o.amount_cents AS "amountCents", s.order_id AS "orderId", s.user_id AS "userId"`,
    [serviceOrderId],
  );
  const row = r.rows[0];
  return row
    ? {
        units: Number(row.units),
        quantity: Number(row.quantity),
        amountCents: Number(row.amountCents),
        orderId: Number(row.orderId),
        userId: Number(row.userId),
      }
    : null;
}

export async function setServiceRefund(q: Queryable, serviceOrderId: number, refundId: number): Promise<void> {
  await q.query('UPDATE service_orders SET refund_id = $2 WHERE id = $1', [serviceOrderId, refundId]);
}
