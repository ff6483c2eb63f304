import type { Queryable } from '../db/index.js';
import type { StaffWithdrawal } from '../../../src/schemas/api/earnings.js';

export type WithdrawalAction = 'requested' | 'approved' | 'paid' | 'payout_failed' | 'rejected' | 'cancelled';

export interface WithdrawalEvent {
  withdrawalId: number;
  actorId: number | null;
  actorRole: 'creator' | 'staff' | 'system';
  action: WithdrawalAction;
  fromStatus: number | null;
  toStatus: number;
  note?: string;
}

/** Appends one step to a withdrawal's status history (in the transaction that made the change). */
export async function addWithdrawalEvent(q: Queryable, e: WithdrawalEvent): Promise<void> {
  await q.query(
    `INSERT INTO withdrawal_events(withdrawal_id, actor_id, actor_role, action, from_status, to_status, note) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [e.withdrawalId, e.actorId, e.actorRole, e.action, e.fromStatus, e.toStatus, e.note ?? ''],
  );
}

export async function withdrawalOwner(q: Queryable, id: number): Promise<number> {
  return Number(
    (await q.query<{ user_id: number }>('SELECT user_id FROM withdrawals WHERE id = $1', [id])).rows[0].user_id,
  );
}

/** A withdrawal's status history, oldest first; staff appear by role only (creators see no staff names). */
export async function withdrawalEvents(q: Queryable, withdrawalId: number, withNames = false) {
  const r = await q.query(
    `SELECT e.id, e.actor_role AS "actorRole", e.action, e.from_status AS "fromStatus", e.to_status AS "toStatus", e.note, e.created_at AS "createdAt"
            ${withNames ? ', COALESCE(u.nickname, u.username) AS "actorName"' : ''}
       FROM withdrawal_events e LEFT JOIN users u ON u.id = e.actor_id WHERE e.withdrawal_id = $1 ORDER BY e.id`,
    [withdrawalId],
  );
  return r.rows;
}

/** Response shape: lumen:api/staff-withdrawal (src/schemas/api/earnings.ts). */
export type StaffWithdrawalRow = StaffWithdrawal;

const COLUMNS = `w.id, w.user_id AS "userId", COALESCE(u.nickname, u.username, u.phone) AS "userName", w.amount_cents AS "amountCents",
  COALESCE(w.form->>'channel', 'bank') AS channel, w.account_name AS "accountName", w.account_no AS "accountNo", w.form->>'bankName' AS "bankName",
  w.status, w.reject_reason AS "rejectReason", w.payout_no AS "payoutNo", w.payout_id AS "payoutId", w.paid_at AS "paidAt", w.created_at AS "createdAt"`;
const FROM = 'withdrawals w JOIN users u ON u.id = w.user_id';

/** Staff queue: one status, oldest first while open (0, 4), newest first once decided. */
export async function listWithdrawalsForStaff(q: Queryable, status: number, page: number, pageSize: number) {
  const order = status === 0 || status === 4 ? 'w.created_at ASC, w.id ASC' : 'w.updated_at DESC, w.id DESC';
  const [list, total] = await Promise.all([
    q.query<StaffWithdrawalRow>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE w.status = $1 ORDER BY ${order} LIMIT $2 OFFSET $3`,
      [status, pageSize, (page - 1) * pageSize],
    ),
    q.query<{ n: number }>('SELECT count(*)::int AS n FROM withdrawals WHERE status = $1', [status]),
  ]);
  return { list: list.rows, total: total.rows[0].n };
}

export async function findWithdrawalForStaff(q: Queryable, id: number): Promise<StaffWithdrawalRow | null> {
  return (await q.query<StaffWithdrawalRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE w.id = $1`, [id])).rows[0] ?? null;
}

/** A claim older than this is taken to have died mid-call and may be claimed again (same payout number). */
export const STALE_PAYOUT_MINUTES = 5;

/** Locks a withdrawal for a staff decision; `stale` tells a paying claim that outlived its caller. */
export async function lockWithdrawal(q: Queryable, id: number): Promise<{ status: number; stale: boolean } | null> {
  const r = await q.query<{ status: number; stale: boolean }>(
    `SELECT status, (claimed_at < now() - interval '${STALE_PAYOUT_MINUTES} minutes') IS TRUE AS stale FROM withdrawals WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return r.rows[0] ? { status: Number(r.rows[0].status), stale: r.rows[0].stale } : null;
}

/**
 * Moves a withdrawal between statuses, only from the expected one; false when it was not there.
 * `set` names the columns the step fills (module constants, never request data).
 */
export async function moveWithdrawal(
  q: Queryable,
  id: number,
  from: number,
  to: number,
  set: Partial<{
    reviewed_by: number;
    claimed_at: 'now' | null;
    reject_reason: string;
    payout_id: string;
    paid_at: 'now';
  }> = {},
): Promise<boolean> {
  const params: unknown[] = [id, from, to];
  const assignments = Object.entries(set).map(([k, v]) => {
    if (v === 'now') return `${k} = now()`;
    params.push(v);
    return `${k} = $${params.length}`;
  });
  const r = await q.query(
    `UPDATE withdrawals SET status = $3, updated_at = now()${assignments.map((a) => `, ${a}`).join('')} WHERE id = $1 AND status = $2`,
    params,
  );
  return r.rowCount === 1;
}
