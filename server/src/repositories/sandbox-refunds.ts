import type { Queryable } from '../db/index.js';

export interface SandboxRefundRow {
  refundId: string;
  transactionId: string;
  amountCents: number;
}

/**
 * The payment sandbox's books: stores a refund once per (provider, refund number) and returns the
 * stored one, so a repeated request answers the first refund instead of paying again.
 */
export async function recordSandboxRefund(
  db: Queryable,
  r: {
    provider: string;
    refundNo: string;
    refundId: string;
    transactionId: string;
    orderNo: string;
    amountCents: number;
  },
): Promise<SandboxRefundRow> {
  await db.query(
    `INSERT INTO sandbox_refunds(provider, refund_no, refund_id, transaction_id, order_no, amount_cents) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (provider, refund_no) DO NOTHING`,
    [r.provider, r.refundNo, r.refundId, r.transactionId, r.orderNo, r.amountCents],
  );
  const stored = await db.query<SandboxRefundRow>(
    'SELECT refund_id AS "refundId", transaction_id AS "transactionId", amount_cents AS "amountCents" FROM sandbox_refunds WHERE provider = $1 AND refund_no = $2',
    [r.provider, r.refundNo],
  );
  return stored.rows[0];
}
