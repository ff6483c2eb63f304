import type { Db } from '../db/index.js';
import { AppError } from '../http/envelope.js';
import type { PayProvider, PayProviderName } from '../adapters/pay/index.js';
import { findOrderByNo, markRefunded } from '../repositories/orders.js';
import { orderRefundId, payingPayment, recordRefundDue, type RefundRow } from '../repositories/refunds.js';
import { revokeOrderLicences } from '../repositories/licences.js';
import { reverseOrderCredits } from '../repositories/earnings.js';
import { settleRefund } from './refunds.js';
import { reverseInviteReward } from './invites.js';
import { voidOrderCards } from '../repositories/gift-cards.js';

/**
 * Staff refund a paid order in full. One transaction turns the order refunded (only a paid order,
 * once), records its paying payment as a refund due (reason order_refunded), revokes its licences
 * and reverses the creators' credits of it; then the refund is paid back through the existing
 * settle flow (original channel, idempotent). Refunding again answers the same refund; when the
 * provider call fails the refund stays due on /admin/refunds for another settle.
 */
export async function refundPaidOrder(
  db: Db,
  providers: Record<PayProviderName, PayProvider>,
  input: { orderNo: string; reason: string },
  staffId: number,
): Promise<RefundRow> {
  const order = await findOrderByNo(db, input.orderNo);
  if (!order) throw new AppError(404, '订单不存在');
  const refundId = await db.tx(async (t) => {
    if (!(await markRefunded(t, order.id))) {
      const earlier = await orderRefundId(t, order.id);
      if (earlier !== null) return earlier;
      throw new AppError(409, order.status === 'pending' ? '订单尚未支付，无需退款' : '只有已支付的订单可以整单退款');
    }
    if (order.kind === 'gift_card') {
      const { redeemed } = await voidOrderCards(t, order.id);
      if (redeemed) throw new AppError(409, `该礼品卡订单已有 ${redeemed} 张卡被兑换，不能整单退款`);
    }
    const payment = await payingPayment(t, order.id);
    if (!payment) throw new AppError(409, '该订单没有可退回的付款记录');
    const id = await recordRefundDue(t, {
      paymentId: payment.id,
      orderId: order.id,
      userId: order.userId,
      provider: payment.provider,
      amountCents: payment.amountCents,
      reason: 'order_refunded',
      note: input.reason,
    });
    await revokeOrderLicences(t, order.id);
    await reverseOrderCredits(t, order.id, id);
    await reverseInviteReward(t, order.id);
    return id;
  });
  return settleRefund(db, providers, refundId, staffId);
}
