import type { Queryable } from '../db/index.js';
import { col, parseListQuery, type ListSpec } from '../http/list-query.js';

/** Coupon status (spec §4). */
export const COUPON = { UNUSABLE: 0, USABLE: 1, USED: 2, EXPIRED: 3, CANCELLED: 4 } as const;

export interface CouponRow {
  id: number;
  name: string;
  amountCents: number;
  thresholdCents: number;
  status: number;
  validFrom: Date;
  expiresAt: Date;
  orderId: number | null;
}

const COLUMNS = `id, name, amount_cents AS "amountCents", threshold_cents AS "thresholdCents", status,
  valid_from AS "validFrom", expires_at AS "expiresAt", order_id AS "orderId", used_at AS "usedAt", created_at AS "createdAt"`;

/** Brings stored statuses up to date: not-yet-valid coupons become usable, past ones expired. */
export async function refreshCouponStatuses(db: Queryable, userId: number): Promise<void> {
  await db.query(
    `UPDATE coupons SET status = 1 WHERE user_id = $1 AND status = 0 AND valid_from <= now() AND expires_at > now()`,
    [userId],
  );
  await db.query(`UPDATE coupons SET status = 3 WHERE user_id = $1 AND status IN (0, 1) AND expires_at <= now()`, [
    userId,
  ]);
}

export const COUPON_LIST: ListSpec = {
  columns: {
    id: col.bigint('id', '编号'),
    status: col.smallint('status', '状态'),
    name: col.text('name', '名称'),
    expiresAt: col.time('expires_at', '有效期'),
    amountCents: col.int('amount_cents', '面额'),
  },
  defaultSort: { field: 'id', order: 'desc' },
};

export async function listCoupons(db: Queryable, userId: number, query: Record<string, any>) {
  await refreshCouponStatuses(db, userId);
  const q = parseListQuery(query, COUPON_LIST, [userId]);
  const where = ['user_id = $1', ...q.where].join(' AND ');
  const list = await db.query<CouponRow>(
    `SELECT ${COLUMNS} FROM coupons WHERE ${where} ORDER BY status = 1 DESC, ${q.orderBy} LIMIT ${q.limit} OFFSET ${q.offset}`,
    q.params,
  );
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM coupons WHERE ${where}`, q.params);
  return { list: list.rows, total: total.rows[0].n };
}

export async function usableCoupons(db: Queryable, userId: number): Promise<CouponRow[]> {
  await refreshCouponStatuses(db, userId);
  return (
    await db.query<CouponRow>(
      `SELECT ${COLUMNS} FROM coupons WHERE user_id = $1 AND status = 1 ORDER BY amount_cents DESC`,
      [userId],
    )
  ).rows;
}

export async function findCoupon(db: Queryable, userId: number, id: number): Promise<CouponRow | null> {
  return (
    (await db.query<CouponRow>(`SELECT ${COLUMNS} FROM coupons WHERE id = $1 AND user_id = $2`, [id, userId]))
      .rows[0] ?? null
  );
}

/**
 * Locks a coupon to an order in one statement: only the owner's usable, unexpired coupon whose
 * threshold the subtotal meets. Returns false when any condition fails (checked again here, not
 * trusted from the quote).
 */
export async function claimCoupon(
  db: Queryable,
  userId: number,
  couponId: number,
  orderId: number,
  subtotalCents: number,
): Promise<boolean> {
  const r = await db.query(
    `UPDATE coupons SET status = 2, order_id = $3, used_at = now()
     WHERE id = $1 AND user_id = $2 AND status = 1 AND valid_from <= now() AND expires_at > now() AND threshold_cents <= $4`,
    [couponId, userId, orderId, subtotalCents],
  );
  return r.rowCount === 1;
}

/** Gives coupons of unpaid (expired/cancelled) orders back: usable again, or expired if past their date. */
export async function releaseCoupons(db: Queryable, orderIds: number[]): Promise<void> {
  if (!orderIds.length) return;
  await db.query(
    `UPDATE coupons SET status = CASE WHEN expires_at <= now() THEN 3 ELSE 1 END, order_id = NULL, used_at = NULL
     WHERE order_id = ANY($1::bigint[]) AND status = 2`,
    [orderIds],
  );
}

export async function insertCoupon(
  db: Queryable,
  c: {
    userId: number;
    name: string;
    amountCents: number;
    thresholdCents: number;
    status?: number;
    validFrom?: Date;
    expiresAt: Date;
  },
) {
  const r = await db.query(
    `INSERT INTO coupons(user_id, name, amount_cents, threshold_cents, status, valid_from, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [c.userId, c.name, c.amountCents, c.thresholdCents, c.status ?? 1, c.validFrom ?? new Date(), c.expiresAt],
  );
  return Number(r.rows[0].id);
}
