import crypto from 'node:crypto';
import type { Queryable } from '../db/index.js';
import { col } from '../http/list-query.js';
import type { EarningsSummary } from '../../../src/schemas/api/earnings.js';
import type { OwnedTable } from './owned-records.js';

export const withdrawalTable: OwnedTable = {
  table: 'withdrawals',
  owner: 'user_id',
  select:
    'id, amount_cents, account_name, account_no, status, form, reject_reason, payout_id, paid_at, created_at, updated_at',
  list: {
    columns: {
      id: col.bigint('id', '提现编号'),
      status: col.smallint('status', '状态'),
      amount_cents: col.bigint('amount_cents', '提现金额'),
      created_at: col.time('created_at', '申请时间'),
    },
    sortable: ['amount_cents', 'created_at'],
    defaultSort: { field: 'created_at', order: 'desc' },
  },
};

/**
 * Withdrawal statuses that hold money: pending review (0), paying (4) and paid (1). Rejected (2)
 * and cancelled (3) release it.
 */
export const HOLDING_STATUS = [0, 4, 1];

/** Response shape: lumen:api/earnings-summary (src/schemas/api/earnings.ts). */
export type Earnings = EarningsSummary;

/**
 * A creator's balance: held, reversed and matured credits against pending and paid withdrawals.
 * availableCents goes negative when a refund took back a sale already withdrawn.
 */
export async function earningsOf(q: Queryable, userId: number): Promise<Earnings> {
  const r = await q.query<{ earned: number; held: number; reversed: number; paid: number; pending: number }>(
    `SELECT coalesce(sum(amount_cents) FILTER (WHERE reversed_at IS NULL), 0)::bigint AS earned,
            coalesce(sum(amount_cents) FILTER (WHERE reversed_at IS NULL AND available_at > now()), 0)::bigint AS held,
            coalesce(sum(amount_cents) FILTER (WHERE reversed_at IS NOT NULL), 0)::bigint AS reversed,
            (SELECT coalesce(sum(amount_cents), 0) FROM withdrawals WHERE user_id = $1 AND status = 1)::bigint AS paid,
            (SELECT coalesce(sum(amount_cents), 0) FROM withdrawals WHERE user_id = $1 AND status IN (0, 4))::bigint AS pending
       FROM creator_earnings WHERE user_id = $1`,
    [userId],
  );
  const [earned, held, reversed, paid, pending] = ['earned', 'held', 'reversed', 'paid', 'pending'].map((k) =>
    Number((r.rows[0] as any)[k]),
  );
  return {
    earnedCents: earned,
    heldCents: held,
    reversedCents: reversed,
    withdrawnCents: paid,
    pendingCents: pending,
    availableCents: earned - held - paid - pending,
  };
}

/** Serialises one user's withdrawals (row lock on the user) so two requests cannot overdraw. */
export async function lockUser(q: Queryable, userId: number): Promise<void> {
  await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
}

/** Our transfer number, the provider's idempotency key for the payout (unique per withdrawal). */
const newPayoutNo = () => `WD${Date.now()}${crypto.randomInt(10 ** 5, 10 ** 6 - 1)}`;

export async function insertWithdrawal(
  q: Queryable,
  userId: number,
  amountCents: number,
  form: Record<string, any>,
): Promise<number> {
  const r = await q.query<{ id: number }>(
    'INSERT INTO withdrawals(user_id, amount_cents, account_name, account_no, form, payout_no) VALUES ($1,$2,$3,$4,$5,$6) RETURNING id',
    [userId, amountCents, form.accountName, form.accountNo, JSON.stringify(form), newPayoutNo()],
  );
  return Number(r.rows[0].id);
}

export async function addEarning(
  q: Queryable,
  userId: number,
  amountCents: number,
  note: string,
  materialId: number | null = null,
): Promise<void> {
  await q.query('INSERT INTO creator_earnings(user_id, material_id, amount_cents, note) VALUES ($1,$2,$3,$4)', [
    userId,
    materialId,
    amountCents,
    note,
  ]);
}
