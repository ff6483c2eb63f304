import crypto from 'node:crypto';
import type { Queryable } from '../db/index.js';

export interface TopUpRow {
  id: number;
  topupNo: string;
  userId: number;
  amountCents: number;
  provider: 'wechat' | 'alipay';
  status: 'pending' | 'paid';
  createdAt: string;
  paidAt: string | null;
}

const COLUMNS = `id, topup_no AS "topupNo", user_id AS "userId", amount_cents AS "amountCents", provider, status, created_at AS "createdAt", paid_at AS "paidAt"`;

/** Top-up numbers share the providers' order-number field with orders (LM...): TU + date + random digits. */
export const TOPUP_PREFIX = 'TU';
export const isTopUpNo = (no: string): boolean => no.startsWith(TOPUP_PREFIX);

export function newTopUpNo(): string {
  const d = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  return `${TOPUP_PREFIX}${d}${crypto.randomInt(10 ** 9, 10 ** 10 - 1)}`;
}

/** The user's row locked, so concurrent top-up requests count the day's total one after another. */
export async function lockUser(q: Queryable, userId: number): Promise<void> {
  await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
}

/** Cents of the user's top-ups created since the start of today in China (UTC+8). */
export async function topUpsToday(q: Queryable, userId: number): Promise<number> {
  const r = await q.query<{ n: number }>(
    `SELECT COALESCE(sum(amount_cents), 0)::int AS n FROM wallet_topups
      WHERE user_id = $1 AND created_at >= (date_trunc('day', now() AT TIME ZONE 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai')`,
    [userId],
  );
  return Number(r.rows[0].n);
}

export async function insertTopUp(
  q: Queryable,
  t: { userId: number; amountCents: number; provider: string },
): Promise<TopUpRow> {
  const r = await q.query<TopUpRow>(
    `INSERT INTO wallet_topups(topup_no, user_id, amount_cents, provider) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
    [newTopUpNo(), t.userId, t.amountCents, t.provider],
  );
  return r.rows[0];
}

export async function findTopUp(q: Queryable, topupNo: string, userId?: number): Promise<TopUpRow | null> {
  const r = await q.query<TopUpRow>(
    `SELECT ${COLUMNS} FROM wallet_topups WHERE topup_no = $1${userId ? ' AND user_id = $2' : ''}`,
    userId ? [topupNo, userId] : [topupNo],
  );
  return r.rows[0] ?? null;
}

/** pending -> paid for exactly this amount and provider; false when another notification got there first or it does not match. */
export async function markTopUpPaid(
  q: Queryable,
  id: number,
  amountCents: number,
  provider: string,
  transactionId: string,
): Promise<boolean> {
  const r = await q.query(
    `UPDATE wallet_topups SET status = 'paid', transaction_id = $4, paid_at = now()
      WHERE id = $1 AND status = 'pending' AND amount_cents = $2 AND provider = $3 RETURNING id`,
    [id, amountCents, provider, transactionId],
  );
  return r.rows.length > 0;
}

export async function linkTopUpCredit(q: Queryable, id: number, walletTransactionId: number): Promise<void> {
  await q.query('UPDATE wallet_topups SET wallet_transaction_id = $2 WHERE id = $1', [id, walletTransactionId]);
}
