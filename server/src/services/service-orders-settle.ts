import type { Queryable } from '../db/index.js';
import { activateServiceOrder } from '../repositories/service-orders.js';
import { notify } from './notifications.js';

/**
 * Called by settlePaid in the payment's transaction: a paid copyright-service order starts its
 * quota and validity, once, and the buyer is told. Material orders have no service row: no-op.
 * Kept apart from service-orders.ts so checkout.ts does not import the service-order checkout.
 */
export async function activatePaidService(q: Queryable, orderId: number): Promise<void> {
  const s = await activateServiceOrder(q, orderId);
  if (!s) return;
  await notify(q, s.userId, {
    kind: 'service_order',
    title: `「${s.title}」已开通`,
    body: '付款已确认，服务额度已到账，可在版权订单中查看剩余次数。',
    link: `/cyprotect/myorderinfo?id=${s.id}`,
    dedupeKey: `service_order:${s.id}:paid`,
  });
}
