/** SQL of webhook payloads: what receivers get in an event's `data` (docs/webhooks.md). */
import type { Queryable } from '../db/index.js';

/** A paid order as order.paid tells it, with its licences for licence.issued. */
export async function paidOrderFacts(q: Queryable, orderId: number) {
  const o = await q.query(
    `SELECT id, order_no, user_id, kind, amount_cents, pay_method, paid_at, licensee_name FROM orders WHERE id = $1`,
    [orderId],
  );
  const l = await q.query(
    `SELECT l.id, l.material_id, i.title, l.scenario, l.level, l.verify_code
     FROM licences l JOIN order_items i ON i.id = l.order_item_id WHERE l.order_id = $1 ORDER BY l.id`,
    [orderId],
  );
  const x = o.rows[0];
  if (!x) return null;
  return {
    userId: Number(x.user_id),
    order: {
      orderId: Number(x.id),
      orderNo: x.order_no,
      kind: x.kind,
      amountCents: Number(x.amount_cents),
      payMethod: x.pay_method,
      paidAt: new Date(x.paid_at).toISOString(),
      licenseeName: x.licensee_name,
    },
    licences: l.rows.map((r) => ({
      licenceId: Number(r.id),
      materialId: Number(r.material_id),
      title: r.title,
      scenario: r.scenario,
      level: r.level,
      verifyCode: r.verify_code,
    })),
  };
}

export async function refundFacts(q: Queryable, refundId: number) {
  const r = await q.query(
    `SELECT r.id, r.user_id, r.refund_no, r.order_id, o.order_no, r.amount_cents, r.reason, r.provider, r.settled_at
     FROM refunds r JOIN orders o ON o.id = r.order_id WHERE r.id = $1`,
    [refundId],
  );
  const x = r.rows[0];
  if (!x) return null;
  return {
    userId: Number(x.user_id),
    data: {
      refundId: Number(x.id),
      refundNo: x.refund_no,
      orderId: Number(x.order_id),
      orderNo: x.order_no,
      amountCents: Number(x.amount_cents),
      reason: x.reason,
      channel: x.provider,
      refundedAt: x.settled_at ? new Date(x.settled_at).toISOString() : null,
    },
  };
}

export async function withdrawalFacts(q: Queryable, id: number) {
  const r = await q.query(
    `SELECT id, user_id, amount_cents, coalesce(form->>'channel', 'bank') AS channel, payout_no, payout_id, paid_at
     FROM withdrawals WHERE id = $1`,
    [id],
  );
  const x = r.rows[0];
  if (!x) return null;
  return {
    userId: Number(x.user_id),
    data: {
      withdrawalId: Number(x.id),
      amountCents: Number(x.amount_cents),
      channel: x.channel,
      payoutNo: x.payout_no,
      payoutId: x.payout_id,
      paidAt: x.paid_at ? new Date(x.paid_at).toISOString() : null,
    },
  };
}
