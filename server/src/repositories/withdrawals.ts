import type { Queryable } from '../db/index.js';
import { col } from '../lib/list-query.js';
import type { OwnedTable } from './owned-records.js';

export const withdrawalTable: OwnedTable = {
  table: 'withdrawals',
  owner: 'user_id',
  select: 'id, amount_cents, account_name, account_no, status, form, created_at, updated_at',
  list: {
    columns: { id: col.bigint('id', '提现编号'), status: col.smallint('status', '状态'), amount_cents: col.bigint('amount_cents', '提现金额'), created_at: col.time('created_at', '申请时间') },
    sortable: ['amount_cents', 'created_at'],
    defaultSort: { field: 'created_at', order: 'desc' },
  },
};

/** Withdrawal statuses that hold money: pending (0) and paid (1). Rejected (2) and cancelled (3) release it. */
export const HOLDING_STATUS = [0, 1];

export interface Earnings {
  earnedCents: number;
  withdrawnCents: number;
  pendingCents: number;
  availableCents: number;
}

/** Earned minus what pending and paid withdrawals hold. */
export async function earningsOf(q: Queryable, userId: number): Promise<Earnings> {
  const r = await q.query<{ earned: number; paid: number; pending: number }>(
    `SELECT (SELECT coalesce(sum(amount_cents), 0) FROM creator_earnings WHERE user_id = $1)::bigint AS earned,
            (SELECT coalesce(sum(amount_cents), 0) FROM withdrawals WHERE user_id = $1 AND status = 1)::bigint AS paid,
            (SELECT coalesce(sum(amount_cents), 0) FROM withdrawals WHERE user_id = $1 AND status = 0)::bigint AS pending`,
    [userId],
  );
  const { earned, paid, pending } = r.rows[0];
  const e = Number(earned);
  return { earnedCents: e, withdrawnCents: Number(paid), pendingCents: Number(pending), availableCents: e - Number(paid) - Number(pending) };
}

/** Serialises one user's withdrawals (row lock on the user) so two requests cannot overdraw. */
export async function lockUser(q: Queryable, userId: number): Promise<void> {
  await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
}

export async function insertWithdrawal(q: Queryable, userId: number, amountCents: number, form: Record<string, any>): Promise<number> {
  const r = await q.query<{ id: number }>(
    'INSERT INTO withdrawals(user_id, amount_cents, account_name, account_no, form) VALUES ($1,$2,$3,$4,$5) RETURNING id',
    [userId, amountCents, form.accountName, form.accountNo, JSON.stringify(form)],
  );
  return Number(r.rows[0].id);
}

export async function addEarning(q: Queryable, userId: number, amountCents: number, note: string, materialId: number | null = null): Promise<void> {
  await q.query('INSERT INTO creator_earnings(user_id, material_id, amount_cents, note) VALUES ($1,$2,$3,$4)', [userId, materialId, amountCents, note]);
}
