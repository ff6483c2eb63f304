import type { Queryable } from '../db/index.js';

/**
 * Stores a verified provider notification under UNIQUE(provider, notify_id).
 * Returns the new row id, or null for a duplicate/replay (which must then change nothing).
 */
export async function insertNotification(
  db: Queryable,
  n: {
    provider: string;
    notifyId: string;
    transactionId: string;
    orderNo: string;
    amountCents: number;
    tradeStatus: string;
  },
): Promise<number | null> {
  const r = await db.query<{ id: number }>(
    `INSERT INTO pay_notifications(provider, notify_id, transaction_id, order_no, amount_cents, trade_status) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (provider, notify_id) DO NOTHING RETURNING id`,
    [n.provider, n.notifyId, n.transactionId, n.orderNo, n.amountCents, n.tradeStatus],
  );
  return r.rows[0] ? Number(r.rows[0].id) : null;
}

export async function setNotificationResult(db: Queryable, id: number, result: string): Promise<void> {
  await db.query('UPDATE pay_notifications SET result = $2 WHERE id = $1', [id, result]);
}

/** The trade status of an order's latest notification (the /pay page shows a failed attempt). */
export async function lastTradeStatus(db: Queryable, orderNo: string): Promise<string | null> {
  const r = await db.query<{ trade_status: string }>(
    'SELECT trade_status FROM pay_notifications WHERE order_no = $1 ORDER BY id DESC LIMIT 1',
    [orderNo],
  );
  return r.rows[0]?.trade_status ?? null;
}
