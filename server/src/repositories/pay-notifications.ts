import type { Queryable } from '../db/index.js';

/**
 * Stores a verified provider notification under UNIQUE(provider, notify_id).
 * Returns the new row id, or null for a duplicate/replay (which must then change nothing).
 */
export async function insertNotification(db: Queryable, n: { provider: string; notifyId: string; orderNo: string; amountCents: number; tradeStatus: string }): Promise<number | null> {
  const r = await db.query<{ id: number }>(
    `INSERT INTO pay_notifications(provider, notify_id, order_no, amount_cents, trade_status) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (provider, notify_id) DO NOTHING RETURNING id`,
    [n.provider, n.notifyId, n.orderNo, n.amountCents, n.tradeStatus],
  );
  return r.rows[0] ? Number(r.rows[0].id) : null;
}

export async function setNotificationResult(db: Queryable, id: number, result: string): Promise<void> {
  await db.query('UPDATE pay_notifications SET result = $2 WHERE id = $1', [id, result]);
}
