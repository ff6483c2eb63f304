import type { Db } from '../db/index.js';
import { AppError } from '../http/envelope.js';
import type { PayProvider, PayProviderName } from '../adapters/pay/index.js';
import { claimRefund, completeRefund, findRefund, releaseRefund, type RefundRow } from '../repositories/refunds.js';
import { credit } from '../repositories/wallet.js';
import { refundCompletedEvent } from './webhooks/events.js';

const IN_PROGRESS = '该退款正在由其他人处理，请稍后刷新';

/**
 * Pays a refund due back through the payment's own channel, once: a wallet payment goes back to
 * the wallet (credit, wallet transaction and refund state in one transaction); a provider payment
 * through that provider's refund call, keyed by the refund's own number so a repeat never pays
 * twice. Settling a refunded refund answers it unchanged; a parallel settle finds it claimed.
 */
export async function settleRefund(
  db: Db,
  providers: Record<PayProviderName, PayProvider>,
  id: number,
  staffId: number,
): Promise<RefundRow> {
  const r = await findRefund(db, id);
  if (!r) throw new AppError(404, '退款记录不存在');
  if (r.status === 'refunded') return r;
  if (r.provider === 'wallet') {
    await db.tx(async (t) => {
      if (!(await claimRefund(t, id, staffId))) return;
      const walletTx = await credit(t, r.userId, r.amountCents, 'refund', `订单 ${r.orderNo} 退款`, r.orderId);
      if (await completeRefund(t, id, { walletTransactionId: walletTx })) await refundCompletedEvent(t, id);
    });
  } else if (await claimRefund(db, id, staffId)) {
    await refundThroughProvider(db, providers[r.provider], r);
  }
  const after = (await findRefund(db, id))!;
  if (after.status !== 'refunded') throw new AppError(409, IN_PROGRESS);
  return after;
}

/** The provider call runs outside any transaction (PGlite would block every request meanwhile). */
async function refundThroughProvider(db: Db, provider: PayProvider, r: RefundRow): Promise<void> {
  let refundId: string;
  try {
    ({ refundId } = await provider.refund({
      refundNo: r.refundNo,
      transactionId: r.transactionId,
      orderNo: r.orderNo,
      amountCents: r.amountCents,
    }));
  } catch (err) {
    // Still due: settling again asks the provider with the same refund number.
    await releaseRefund(db, r.id);
    throw new AppError(502, `${provider.label}退款失败：${(err as Error).message}`);
  }
  await db.tx(async (t) => {
    if (await completeRefund(t, r.id, { providerRefundId: refundId })) await refundCompletedEvent(t, r.id);
  });
}
