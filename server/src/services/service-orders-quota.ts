/**
 * Quota of copyright-service orders: the one way a feature spends a unit it sold (a capture, a
 * registration, a notarization...). Call consumeQuota inside the transaction that creates the
 * record it pays for, with a ref naming that record ('registration:12'); releaseQuota when the use
 * failed (a capture that could not run), so a retry is not charged twice. refundUnused pays back
 * the unused units of an order through the existing refund flow.
 */
import type { Db, Queryable } from '../db/index.js';
import { AppError } from '../http/envelope.js';
import type { PayProvider, PayProviderName } from '../adapters/pay/index.js';
import * as so from '../repositories/service-orders.js';
import { payingPayment, recordRefundDue, type RefundRow } from '../repositories/refunds.js';
import { schemas } from '../../../src/schemas/index.js';
import {
  COPYRIGHT_SERVICES_ID,
  serviceCatalogue,
  type ServiceCode,
} from '../../../src/schemas/services/copyright-services.js';
import { settleRefund } from './refunds.js';
import { notify } from './notifications.js';

export interface QuotaRequest {
  userId: number;
  service: ServiceCode;
  /** What the unit pays for, unique per service and user: a retry with the same ref takes nothing more. */
  ref: string;
  quantity?: number;
}

const serviceName = (code: string) => serviceCatalogue(schemas[COPYRIGHT_SERVICES_ID]).service(code)?.name ?? code;

/** The refusal when no order has units left: 402 with where to buy, so the client can offer it. */
export function noQuota(service: ServiceCode): AppError {
  return new AppError(402, `您的「${serviceName(service)}」服务额度不足，请先购买服务套餐`, {
    service,
    buy: `/cyprotect/myorderinfo?buy=${service}`,
  });
}

/**
 * Takes units from the user's usable orders of a service (the soonest to expire first), atomically:
 * each take is a conditional UPDATE, so parallel requests never spend more than was bought. Runs in
 * the caller's transaction; idempotent per ref (a second call answers the first use).
 */
export async function consumeQuota(q: Queryable, r: QuotaRequest): Promise<so.QuotaUse> {
  const n = r.quantity ?? 1;
  const earlier = await so.activeQuotaUse(q, r.userId, r.service, r.ref);
  if (earlier) return earlier;
  for (const id of await so.usableServiceOrderIds(q, r.userId, r.service, n)) {
    if (!(await so.takeUnits(q, id, n))) continue; // taken meanwhile by a parallel request: try the next order
    const use = await so.insertQuotaUse(q, {
      serviceOrderId: id,
      userId: r.userId,
      service: r.service,
      ref: r.ref,
      quantity: n,
    });
    if (use) return use;
    // A parallel call with the same ref recorded its use first: give this unit back, answer that use.
    await so.giveBackUnits(q, id, n);
    const twin = await so.activeQuotaUse(q, r.userId, r.service, r.ref);
    if (twin) return twin;
  }
  // A parallel call with the same ref may have taken the last unit and committed meanwhile.
  const twin = await so.activeQuotaUse(q, r.userId, r.service, r.ref);
  if (twin) return twin;
  throw noQuota(r.service);
}

/** Gives a use's units back to its order (the use failed); once. Returns false when nothing was held. */
export async function releaseQuota(q: Queryable, r: Omit<QuotaRequest, 'quantity'>): Promise<boolean> {
  const use = await so.releaseQuotaUse(q, r.userId, r.service, r.ref);
  if (!use) return false;
  await so.giveBackUnits(q, use.serviceOrderId, use.quantity);
  return true;
}

/**
 * Pays back the unused units of a paid service order, once: one transaction closes them (no unit
 * can be spent afterwards) and records a refund due of the unused share of the amount paid (reason
 * unused_quota, cents below one kept); then the existing settle flow pays it through the payment's
 * own channel. Asking again answers the same refund.
 */
export async function refundUnused(
  db: Db,
  providers: Record<PayProviderName, PayProvider>,
  serviceOrderId: number,
  staffId: number,
  note: string,
): Promise<RefundRow> {
  const order = await so.findServiceOrder(db, null, serviceOrderId);
  if (!order) throw new AppError(404, '服务订单不存在');
  const refundId = await db.tx(async (t) => {
    const closed = await so.closeUnusedUnits(t, serviceOrderId);
    if (!closed) {
      const again = await so.findServiceOrder(t, null, serviceOrderId);
      if (again?.refundId) return Number(again.refundId);
      throw new AppError(409, order.status === 'pending' ? '订单尚未支付，无需退款' : '该服务订单没有可退的未使用额度');
    }
    const payment = await payingPayment(t, closed.orderId);
    if (!payment) throw new AppError(409, '该订单没有可退回的付款记录');
    const amountCents = Math.floor((closed.amountCents * closed.units) / closed.quantity);
    const id = await recordRefundDue(t, {
      paymentId: payment.id,
      orderId: closed.orderId,
      userId: closed.userId,
      provider: payment.provider,
      amountCents,
      reason: 'unused_quota',
      note: note || `退回未使用的 ${closed.units} 个额度`,
    });
    await so.setServiceRefund(t, serviceOrderId, id);
    await notify(t, closed.userId, {
      kind: 'service_order',
      title: `「${order.title}」未使用额度已退款`,
      body: `退回 ${closed.units} 个未使用额度，退款 ¥${(amountCents / 100).toFixed(2)} 将原路退回。`,
      link: `/cyprotect/myorderinfo?id=${serviceOrderId}`,
      dedupeKey: `service_order:${serviceOrderId}:refund`,
    });
    return id;
  });
  return settleRefund(db, providers, refundId, staffId);
}
