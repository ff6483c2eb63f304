import crypto from 'node:crypto';
import type { Queryable } from '../db/index.js';

export type PaymentChannel = 'wechat' | 'alipay' | 'wallet';
/**
 * Why money is owed back: a payment that granted nothing, (order_refunded) a paid order staff
 * refunded in full, or (unused_quota) the unused units of a copyright-service order.
 */
/** Codes of lumen:enums/refund-reason (labels there). */
export type RefundReason = 'paid_twice' | 'paid_after_close' | 'amount_mismatch' | 'order_refunded' | 'unused_quota';

/**
 * Records a payment once per provider transaction (UNIQUE(provider, transaction_id)). Returns its id,
 * or null when this transaction was recorded before (a re-sent notification of one payment).
 */
export async function insertPayment(
  db: Queryable,
  p: { provider: PaymentChannel; transactionId: string; orderId: number; userId: number; amountCents: number },
): Promise<number | null> {
  const r = await db.query<{ id: number }>(
    `INSERT INTO payments(provider, transaction_id, order_id, user_id, amount_cents) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (provider, transaction_id) DO NOTHING RETURNING id`,
    [p.provider, p.transactionId, p.orderId, p.userId, p.amountCents],
  );
  return r.rows[0] ? Number(r.rows[0].id) : null;
}

/** A refund number: our idempotency key at the provider (out_refund_no), unique per refund. */
const newRefundNo = () => `RF${Date.now()}${crypto.randomInt(10 ** 5, 10 ** 6 - 1)}`;

/** Records a payment that granted nothing as a refund due (one per payment: UNIQUE payment_id). Returns its id. */
export async function recordRefundDue(
  db: Queryable,
  r: {
    paymentId: number;
    orderId: number;
    userId: number;
    provider: PaymentChannel;
    amountCents: number;
    reason: RefundReason;
    note?: string;
  },
): Promise<number> {
  const res = await db.query<{ id: number }>(
    `INSERT INTO refunds(payment_id, order_id, user_id, provider, amount_cents, reason, refund_no, note) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (payment_id) DO UPDATE SET payment_id = EXCLUDED.payment_id RETURNING id`,
    [r.paymentId, r.orderId, r.userId, r.provider, r.amountCents, r.reason, newRefundNo(), r.note ?? ''],
  );
  return Number(res.rows[0].id);
}

export interface RefundRow {
  id: number;
  orderId: number;
  orderNo: string;
  userId: number;
  userName: string | null;
  provider: PaymentChannel;
  transactionId: string;
  amountCents: number;
  reason: RefundReason;
  /** Staff's reason for an order refund ('' for payments that granted nothing). */
  note: string;
  /** Codes of lumen:status/refund-settlement (labels there). */
  status: 'due' | 'processing' | 'refunded';
  refundNo: string;
  providerRefundId: string | null;
  walletTransactionId: number | null;
  settledBy: number | null;
  settledAt: Date | null;
  createdAt: Date;
}

const COLUMNS = `r.id, r.order_id AS "orderId", o.order_no AS "orderNo", r.user_id AS "userId",
  COALESCE(u.nickname, u.username, u.phone) AS "userName", r.provider, p.transaction_id AS "transactionId",
  r.amount_cents AS "amountCents", r.reason, r.note, r.status, r.refund_no AS "refundNo", r.provider_refund_id AS "providerRefundId",
  r.wallet_transaction_id AS "walletTransactionId", r.settled_by AS "settledBy", r.settled_at AS "settledAt", r.created_at AS "createdAt"`;
const FROM =
  'refunds r JOIN orders o ON o.id = r.order_id JOIN payments p ON p.id = r.payment_id JOIN users u ON u.id = r.user_id';

/** Staff list: open refunds (due or being settled) oldest first, or settled ones newest first. */
export async function listRefunds(db: Queryable, status: 'due' | 'refunded', page: number, pageSize: number) {
  const where = status === 'due' ? "r.status <> 'refunded'" : "r.status = 'refunded'";
  const order = status === 'due' ? 'r.id ASC' : 'r.settled_at DESC, r.id DESC';
  const list = await db.query<RefundRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE ${where} ORDER BY ${order} LIMIT $1 OFFSET $2`,
    [pageSize, (page - 1) * pageSize],
  );
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM refunds r WHERE ${where}`);
  return { list: list.rows, total: total.rows[0].n };
}

export async function findRefund(db: Queryable, id: number): Promise<RefundRow | null> {
  return (await db.query<RefundRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE r.id = $1`, [id])).rows[0] ?? null;
}

/** A claim older than this is taken to have died mid-call and may be claimed again (same refund number). */
export const STALE_CLAIM_MINUTES = 5;

/**
 * Claims a refund for settling: exactly one caller moves it from due (or a stale claim) to
 * processing. Returns false when another caller holds it or it is already refunded.
 */
export async function claimRefund(db: Queryable, id: number, staffId: number): Promise<boolean> {
  const r = await db.query(
    `UPDATE refunds SET status = 'processing', claimed_at = now(), settled_by = $2
     WHERE id = $1 AND (status = 'due' OR (status = 'processing' AND claimed_at < now() - interval '${STALE_CLAIM_MINUTES} minutes'))`,
    [id, staffId],
  );
  return r.rowCount === 1;
}

/** Gives a claimed refund back (the provider refused or could not be reached). */
export async function releaseRefund(db: Queryable, id: number): Promise<void> {
  await db.query(
    `UPDATE refunds SET status = 'due', claimed_at = NULL, settled_by = NULL WHERE id = $1 AND status = 'processing'`,
    [id],
  );
}

/** Marks a claimed refund paid, with the provider's refund id or the wallet transaction that paid it. */
export async function completeRefund(
  db: Queryable,
  id: number,
  paid: { providerRefundId?: string; walletTransactionId?: number },
): Promise<boolean> {
  const r = await db.query(
    `UPDATE refunds SET status = 'refunded', settled_at = now(), provider_refund_id = $2, wallet_transaction_id = $3
     WHERE id = $1 AND status = 'processing'`,
    [id, paid.providerRefundId ?? null, paid.walletTransactionId ?? null],
  );
  return r.rowCount === 1;
}

/** The payment that paid an order: its oldest payment not already owed back. */
export async function payingPayment(
  db: Queryable,
  orderId: number,
): Promise<{ id: number; provider: PaymentChannel; amountCents: number } | null> {
  const r = await db.query<{ id: number; provider: PaymentChannel; amountCents: number }>(
    `SELECT p.id, p.provider, p.amount_cents AS "amountCents" FROM payments p
      WHERE p.order_id = $1 AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = p.id) ORDER BY p.id LIMIT 1`,
    [orderId],
  );
  return r.rows[0] ? { ...r.rows[0], id: Number(r.rows[0].id) } : null;
}

/** The refund recorded when staff refunded an order in full, if any. */
export async function orderRefundId(db: Queryable, orderId: number): Promise<number | null> {
  const r = await db.query<{ id: number }>(`SELECT id FROM refunds WHERE order_id = $1 AND reason = 'order_refunded'`, [
    orderId,
  ]);
  return r.rows[0] ? Number(r.rows[0].id) : null;
}
