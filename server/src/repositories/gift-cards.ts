import type { Queryable } from '../db/index.js';
import { col } from '../http/list-query.js';
import type { OwnedTable } from './owned-records.js';

export const GIFT = { UNPAID: 0, ACTIVE: 1, REDEEMED: 2, VOID: 3 } as const;

export interface NewGiftCard {
  code: string;
  amountCents: number;
  validDays: number;
  orderId?: number;
  batchId?: number;
  buyerId?: number;
  recipientName?: string;
  message?: string;
  /** Batch cards are redeemable at once; bought ones after payment. */
  active: boolean;
}

export async function insertGiftCard(q: Queryable, c: NewGiftCard): Promise<number> {
  const r = await q.query<{ id: number }>(
    `INSERT INTO gift_cards(code, amount_cents, valid_days, order_id, batch_id, buyer_id, recipient_name, message, status, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::smallint, CASE WHEN $9::smallint = 1 THEN now() + make_interval(days => $3::int) END) RETURNING id`,
    [
      c.code,
      c.amountCents,
      c.validDays,
      c.orderId ?? null,
      c.batchId ?? null,
      c.buyerId ?? null,
      c.recipientName ?? null,
      c.message ?? null,
      c.active ? GIFT.ACTIVE : GIFT.UNPAID,
    ],
  );
  return Number(r.rows[0].id);
}

/** A paid gift-card order's cards become redeemable for their validity (no-op for other orders). */
export async function activateOrderCards(
  q: Queryable,
  orderId: number,
): Promise<Array<{ buyerId: number; n: number; amountCents: number }>> {
  const r = await q.query<{ buyer_id: number; amount_cents: number }>(
    `UPDATE gift_cards SET status = 1, expires_at = now() + make_interval(days => valid_days) WHERE order_id = $1 AND status = 0 RETURNING buyer_id, amount_cents`,
    [orderId],
  );
  if (!r.rows.length) return [];
  return [
    {
      buyerId: Number(r.rows[0].buyer_id),
      n: r.rows.length,
      amountCents: r.rows.reduce((s, x) => s + Number(x.amount_cents), 0),
    },
  ];
}

/**
 * A refunded gift-card order's cards become void (status 3). Answers how many of them someone had
 * redeemed already: those cannot be taken back, so the caller refuses the refund. A redemption
 * running at the same moment either commits first (counted here) or finds its card void.
 */
export async function voidOrderCards(q: Queryable, orderId: number): Promise<{ voided: number; redeemed: number }> {
  const v = await q.query('UPDATE gift_cards SET status = 3 WHERE order_id = $1 AND status IN (0, 1) RETURNING id', [
    orderId,
  ]);
  const r = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM gift_cards WHERE order_id = $1 AND status = 2',
    [orderId],
  );
  return { voided: v.rows.length, redeemed: Number(r.rows[0].n) };
}

/** Takes an active, unexpired card for one redeemer; null when no such card (missing, used, void, expired). */
export async function claimCard(
  q: Queryable,
  code: string,
  userId: number,
): Promise<{ id: number; amountCents: number } | null> {
  const r = await q.query<{ id: number; amount_cents: number }>(
    `UPDATE gift_cards SET status = 2, redeemed_by = $2, redeemed_at = now() WHERE code = $1 AND status = 1 AND expires_at > now() RETURNING id, amount_cents`,
    [code, userId],
  );
  return r.rows[0] ? { id: Number(r.rows[0].id), amountCents: Number(r.rows[0].amount_cents) } : null;
}

export async function setCardWalletTx(q: Queryable, id: number, txId: number): Promise<void> {
  await q.query('UPDATE gift_cards SET wallet_tx_id = $2 WHERE id = $1', [id, txId]);
}

/** Why a code could not be claimed, for the redeemer's message. */
export async function cardState(q: Queryable, code: string) {
  const r = await q.query<{ status: number; expired: boolean; redeemed_by: number | null }>(
    'SELECT status, (expires_at IS NOT NULL AND expires_at <= now()) AS expired, redeemed_by FROM gift_cards WHERE code = $1',
    [code],
  );
  return r.rows[0] ?? null;
}

export async function recordFailedAttempt(q: Queryable, userId: number, ip: string | null): Promise<void> {
  await q.query('INSERT INTO gift_card_attempts(user_id, ip) VALUES ($1, $2)', [userId, ip]);
}

export async function failedAttemptsSince(q: Queryable, userId: number, minutes: number): Promise<number> {
  const r = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM gift_card_attempts WHERE user_id = $1 AND created_at > now() - make_interval(mins => $2::int)`,
    [userId, minutes],
  );
  return r.rows[0].n;
}

/** The cards a user bought (codes shown only once paid). */
export const boughtCardTable: OwnedTable = {
  table: 'gift_cards',
  owner: 'buyer_id',
  select: `id, CASE WHEN status = 0 THEN NULL ELSE code END AS code, amount_cents, status, recipient_name, message, expires_at, redeemed_at, created_at,
    (SELECT o.order_no FROM orders o WHERE o.id = order_id) AS order_no`,
  list: {
    columns: {
      id: col.bigint('id', '编号'),
      status: col.smallint('status', '状态'),
      amount_cents: col.bigint('amount_cents', '面额'),
      created_at: col.time('created_at', '购买时间'),
    },
    sortable: ['created_at', 'amount_cents'],
    defaultSort: { field: 'created_at', order: 'desc' },
  },
};

export async function insertBatch(
  q: Queryable,
  b: { staffId: number; amountCents: number; count: number; note: string },
): Promise<number> {
  const r = await q.query<{ id: number }>(
    'INSERT INTO gift_card_batches(created_by, amount_cents, count, note) VALUES ($1, $2, $3, $4) RETURNING id',
    [b.staffId, b.amountCents, b.count, b.note],
  );
  return Number(r.rows[0].id);
}

export async function listBatches(q: Queryable, page: number, pageSize: number) {
  const [list, total] = await Promise.all([
    q.query(
      `SELECT b.id, b.amount_cents AS "amountCents", b.count, b.note, b.created_at AS "createdAt", COALESCE(u.nickname, u.username) AS "createdBy",
         (SELECT count(*)::int FROM gift_cards c WHERE c.batch_id = b.id AND c.status = 2) AS redeemed
       FROM gift_card_batches b JOIN users u ON u.id = b.created_by ORDER BY b.id DESC LIMIT $1 OFFSET $2`,
      [pageSize, (page - 1) * pageSize],
    ),
    q.query<{ n: number }>('SELECT count(*)::int AS n FROM gift_card_batches'),
  ]);
  return {
    list: list.rows.map((b: any) => ({ ...b, id: Number(b.id), amountCents: Number(b.amountCents) })),
    total: total.rows[0].n,
  };
}

export async function batchCards(q: Queryable, batchId: number) {
  const r = await q.query(
    `SELECT id, code, amount_cents AS "amountCents", status, expires_at AS "expiresAt", redeemed_at AS "redeemedAt", redeemed_by AS "redeemedBy" FROM gift_cards WHERE batch_id = $1 ORDER BY id`,
    [batchId],
  );
  return r.rows.map((c: any) => ({ ...c, id: Number(c.id), amountCents: Number(c.amountCents) }));
}

/** One line describing a gift-card order (the cashier and the order list show it like a licence line). */
export async function giftCardOrderTitle(q: Queryable, orderId: number): Promise<string | null> {
  const r = await q.query<{ amount: number; n: number }>(
    'SELECT max(amount_cents)::bigint AS amount, count(*)::int AS n FROM gift_cards WHERE order_id = $1',
    [orderId],
  );
  const row = r.rows[0];
  return row?.n ? `礼品卡 ¥${Number(row.amount) / 100} × ${row.n} 张` : null;
}
