/**
 * The events of the business flows, one function each, called in the flow's own transaction
 * (the outbox): each reads what receivers get in `data` and emits it (docs/webhooks.md).
 */
import type { Queryable } from '../../db/index.js';
import * as repo from '../../repositories/webhook-facts.js';
import { emitWebhookEvent } from './emit.js';

/** order.paid and, for an order that granted licences, licence.issued (from settlePaid). */
export async function orderPaidEvents(q: Queryable, orderId: number): Promise<void> {
  const f = await repo.paidOrderFacts(q, orderId);
  if (!f) return;
  await emitWebhookEvent(q, f.userId, 'order.paid', f.order);
  if (f.licences.length)
    await emitWebhookEvent(q, f.userId, 'licence.issued', {
      orderId: f.order.orderId,
      orderNo: f.order.orderNo,
      licenseeName: f.order.licenseeName,
      licences: f.licences,
    });
}

/** refund.completed: money went back to the payer (wallet or the original channel). */
export async function refundCompletedEvent(q: Queryable, refundId: number): Promise<void> {
  const f = await repo.refundFacts(q, refundId);
  if (f) await emitWebhookEvent(q, f.userId, 'refund.completed', f.data);
}

/** withdrawal.paid: a creator's withdrawal was transferred. */
export async function withdrawalPaidEvent(q: Queryable, withdrawalId: number): Promise<void> {
  const f = await repo.withdrawalFacts(q, withdrawalId);
  if (f) await emitWebhookEvent(q, f.userId, 'withdrawal.paid', f.data);
}

/** deposit.certified: evidence is on the ledger with its certificate number. */
export async function depositCertifiedEvent(
  q: Queryable,
  d: {
    id: number;
    userId: number;
    certNo: string;
    sha256: string;
    workName: string;
    certificateUrl: string;
    blockHeight: number;
  },
): Promise<void> {
  await emitWebhookEvent(q, d.userId, 'deposit.certified', {
    depositId: d.id,
    certNo: d.certNo,
    workName: d.workName,
    sha256: d.sha256,
    ledgerHeight: d.blockHeight,
    certificateUrl: d.certificateUrl,
  });
}

/** registration.decided: the copyright authority accepted, asked for corrections, refused or issued. */
export async function registrationDecidedEvent(
  q: Queryable,
  r: {
    id: number;
    userId: number;
    kind: string;
    workName: string;
    decision: string;
    status: number;
    registrationNo?: string | null;
    message?: string | null;
  },
): Promise<void> {
  await emitWebhookEvent(q, r.userId, 'registration.decided', {
    registrationId: r.id,
    kind: r.kind,
    workName: r.workName,
    decision: r.decision,
    status: r.status,
    registrationNo: r.registrationNo ?? null,
    message: r.message ?? null,
  });
}

/** monitor_hit.found: a scan found a new suspected use of a monitored work. */
export async function monitorHitFoundEvent(
  q: Queryable,
  h: {
    id: number;
    ownerId: number;
    workId: number;
    mediaKind: string;
    pageUrl: string;
    mediaUrl: string;
    similarity: number;
    licensed: boolean;
  },
): Promise<void> {
  await emitWebhookEvent(q, h.ownerId, 'monitor_hit.found', {
    hitId: h.id,
    workId: h.workId,
    mediaKind: h.mediaKind,
    pageUrl: h.pageUrl,
    mediaUrl: h.mediaUrl,
    similarity: h.similarity,
    licensed: h.licensed,
  });
}
