import type { Queryable } from '../db/index.js';
import { AppError } from '../http/envelope.js';
import type { PayProviderName } from '../adapters/pay/index.js';
import type { VerifiedNotification } from '../adapters/pay/types.js';
import { expireOrders, findOrderByNo, type OrderRow } from '../repositories/orders.js';
import { insertNotification, setNotificationResult } from '../repositories/pay-notifications.js';
import { insertPayment, recordRefundDue, type RefundReason } from '../repositories/refunds.js';
import { debit } from '../repositories/wallet.js';
import { settlePaid } from './checkout.js';
import { isTopUpNo } from '../repositories/wallet-topups.js';
import { applyTopUpNotification } from './wallet-topup.js';

/** What a verified provider notification did (stored as pay_notifications.result, except 'duplicate'). */
export type NotifyOutcome = 'duplicate' | 'duplicate_transaction' | 'unknown_order' | 'failed' | 'paid' | RefundReason;

/**
 * Applies a verified notification inside the caller's transaction. The notification is stored once
 * under UNIQUE(provider, notify_id): a replay stops there. A successful payment is stored once under
 * UNIQUE(provider, transaction_id): a re-sent notification of one payment stops there. Then the
 * amount-checked atomic order update; a payment that pays nothing is kept as a refund due.
 */
export async function applyNotification(
  t: Queryable,
  provider: PayProviderName,
  n: VerifiedNotification,
): Promise<NotifyOutcome> {
  const rowId = await insertNotification(t, { provider, ...n });
  if (rowId === null) return 'duplicate';
  const outcome = await paymentOutcome(t, provider, n);
  await setNotificationResult(t, rowId, outcome);
  return outcome;
}

async function paymentOutcome(
  t: Queryable,
  provider: PayProviderName,
  n: VerifiedNotification,
): Promise<Exclude<NotifyOutcome, 'duplicate'>> {
  // Wallet top-ups (TU...) share the providers' callback with orders (LM...).
  if (isTopUpNo(n.orderNo)) return applyTopUpNotification(t, provider, n);
  const o = await findOrderByNo(t, n.orderNo);
  if (!o) return 'unknown_order';
  if (n.tradeStatus !== 'SUCCESS') return 'failed';
  const paymentId = await insertPayment(t, {
    provider,
    transactionId: n.transactionId,
    orderId: o.id,
    userId: o.userId,
    amountCents: n.amountCents,
  });
  if (paymentId === null) return 'duplicate_transaction';
  if (n.amountCents === o.amountCents && (await settlePaid(t, o.id, n.amountCents, provider))) return 'paid';
  // The buyer paid but it granted nothing: the wrong amount, an order already closed (expired,
  // possibly not swept yet, or cancelled), or one another payment had paid (the 2nd, 3rd...).
  // Every such payment is owed back through its own channel.
  await expireOrders(t, o.userId);
  const reason = await surplusReason(t, o, n.amountCents);
  await recordRefundDue(t, {
    paymentId,
    orderId: o.id,
    userId: o.userId,
    provider,
    amountCents: n.amountCents,
    reason,
  });
  return reason;
}

async function surplusReason(t: Queryable, o: OrderRow, amountCents: number): Promise<RefundReason> {
  if (amountCents !== o.amountCents) return 'amount_mismatch';
  const now = await findOrderByNo(t, o.orderNo);
  return now?.status === 'paid' ? 'paid_twice' : 'paid_after_close';
}

/**
 * Wallet payment in the caller's transaction: balance debit, the payment row (its wallet
 * transaction as the transaction id) and the order update, all conditional; any refusal rolls back.
 */
export async function payFromWallet(t: Queryable, o: OrderRow): Promise<void> {
  const walletTx = await debit(t, o.userId, o.amountCents, o.id, `支付订单 ${o.orderNo}`);
  if (walletTx === null) throw new AppError(400, '钱包余额不足，请选择其他支付方式');
  await insertPayment(t, {
    provider: 'wallet',
    transactionId: String(walletTx),
    orderId: o.id,
    userId: o.userId,
    amountCents: o.amountCents,
  });
  if (!(await settlePaid(t, o.id, o.amountCents, 'wallet'))) throw new AppError(409, '订单状态已变化，请刷新后重试');
}
