import type { Queryable } from '../db/index.js';
import { col } from '../http/list-query.js';
import type { OwnedTable } from './owned-records.js';

/** The inviter of a paying order's buyer, when the buyer registered through another user's link. */
export async function inviterOfOrder(q: Queryable, orderId: number) {
  const r = await q.query<{ inviteeId: number; inviterId: number; ownerType: string; kind: string }>(
    `SELECT u.id AS "inviteeId", inv.id AS "inviterId", u.owner_type AS "ownerType", o.kind
     FROM orders o JOIN users u ON u.id = o.user_id
     JOIN users inv ON u.invite_id ~ '^[0-9]{1,18}$' AND inv.id = u.invite_id::bigint AND inv.id <> u.id
     WHERE o.id = $1`,
    [orderId],
  );
  const row = r.rows[0];
  return row ? { ...row, inviteeId: Number(row.inviteeId), inviterId: Number(row.inviterId) } : null;
}

/** Records the invitee's one reward; null when it was rewarded before (its first purchase was earlier). */
export async function insertReward(
  q: Queryable,
  r: { inviterId: number; inviteeId: number; orderId: number; kind: 'personal' | 'company'; amountCents: number },
): Promise<number | null> {
  const res = await q.query<{ id: number }>(
    `INSERT INTO invite_rewards(inviter_id, invitee_id, order_id, kind, amount_cents) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (invitee_id) DO NOTHING RETURNING id`,
    [r.inviterId, r.inviteeId, r.orderId, r.kind, r.amountCents],
  );
  return res.rows[0] ? Number(res.rows[0].id) : null;
}

export async function setRewardTx(q: Queryable, id: number, txId: number): Promise<void> {
  await q.query('UPDATE invite_rewards SET wallet_tx_id = $2 WHERE id = $1', [id, txId]);
}

/** Marks the reward of a refunded order reversed, once; returns it when this call reversed it. */
export async function reverseReward(q: Queryable, orderId: number) {
  const r = await q.query<{ id: number; inviterId: number; amountCents: number }>(
    `UPDATE invite_rewards SET status = 'reversed', reversed_at = now() WHERE order_id = $1 AND status = 'credited' RETURNING id, inviter_id AS "inviterId", amount_cents AS "amountCents"`,
    [orderId],
  );
  const row = r.rows[0];
  return row ? { id: Number(row.id), inviterId: Number(row.inviterId), amountCents: Number(row.amountCents) } : null;
}

export async function setReversalTx(q: Queryable, id: number, txId: number): Promise<void> {
  await q.query('UPDATE invite_rewards SET reversal_tx_id = $2 WHERE id = $1', [id, txId]);
}

/** What an inviter's page shows at the top: how many registered, bought, and the net reward. */
export async function inviteStats(q: Queryable, inviterId: number) {
  const r = await q.query<{ invited: number; rewarded: number; rewardCents: number }>(
    `SELECT (SELECT count(*)::int FROM users WHERE invite_id = $2 AND id <> $1) AS invited,
            (SELECT count(*)::int FROM invite_rewards WHERE inviter_id = $1 AND status = 'credited') AS rewarded,
            (SELECT COALESCE(sum(amount_cents), 0)::bigint FROM invite_rewards WHERE inviter_id = $1 AND status = 'credited') AS "rewardCents"`,
    [inviterId, String(inviterId)],
  );
  const s = r.rows[0];
  return { invited: s.invited, rewarded: s.rewarded, rewardCents: Number(s.rewardCents) };
}

/** lumen:status/invitee: 0 registered, 1 bought (rewarded), 2 reward reversed (refund). */
const INVITEE_STATUS = `(SELECT CASE WHEN r.status = 'credited' THEN 1 WHEN r.status = 'reversed' THEN 2 END FROM invite_rewards r WHERE r.invitee_id = users.id)`;

/** The users who registered through the inviter's link (/account/invited), names masked. */
export const invitedTable: OwnedTable = {
  table: 'users',
  owner: `invite_id`,
  scope: `invite_id ~ '^[0-9]{1,18}$' AND id <> invite_id::bigint`,
  select: `id, COALESCE(left(nickname, 1) || '**', '用户') AS name, CASE WHEN phone IS NULL THEN NULL ELSE left(phone, 3) || '****' || right(phone, 4) END AS phone,
    owner_type, created_at, COALESCE(${INVITEE_STATUS}, 0) AS status,
    (SELECT r.amount_cents FROM invite_rewards r WHERE r.invitee_id = users.id) AS reward_cents`,
  list: {
    columns: {
      id: col.bigint('id', '编号'),
      created_at: col.time('created_at', '注册时间'),
      status: col.int(`COALESCE(${INVITEE_STATUS}, 0)`, '状态'),
    },
    sortable: ['created_at'],
    defaultSort: { field: 'created_at', order: 'desc' },
  },
};
