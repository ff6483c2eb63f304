/**
 * Wallet top-up through a payment provider: the request is checked against lumen:forms/wallet-topup
 * (single amount limits and the x-daily-max per China calendar day, counted under the user's row
 * lock so parallel requests cannot pass the cap together); the provider's verified callback credits
 * the wallet once (services/payments.ts hands top-up numbers here).
 */
import type { Db, Queryable } from '../db/index.js';
import { AppError } from '../http/envelope.js';
import type { PayProvider, PayProviderName } from '../adapters/pay/index.js';
import type { VerifiedNotification } from '../adapters/pay/types.js';
import { credit } from '../repositories/wallet.js';
import { notify } from './notifications.js';
import {
  findTopUp,
  insertTopUp,
  linkTopUpCredit,
  lockUser,
  markTopUpPaid,
  topUpsToday,
  type TopUpRow,
} from '../repositories/wallet-topups.js';

export async function startTopUp(
  db: Db,
  userId: number,
  amountCents: number,
  provider: PayProvider,
  dailyMaxCents: number,
): Promise<{ topUp: TopUpRow; payUrl: string }> {
  const topUp = await db.tx(async (t) => {
    await lockUser(t, userId);
    const today = await topUpsToday(t, userId);
    if (today + amountCents > dailyMaxCents) {
      const left = Math.max(dailyMaxCents - today, 0);
      throw new AppError(
        400,
        `今日充值已达上限（每日 ${dailyMaxCents / 100} 元），今日还可充值 ${(left / 100).toFixed(2)} 元`,
        { fieldErrors: { '/amount': '超过每日充值上限' } },
      );
    }
    return insertTopUp(t, { userId, amountCents, provider: provider.name });
  });
  const { payUrl } = await provider.createPayment({
    orderNo: topUp.topupNo,
    amountCents,
    subject: `流明素材钱包充值 ${topUp.topupNo}`,
  });
  return { topUp, payUrl };
}

export type TopUpOutcome = 'paid' | 'failed' | 'unknown_order' | 'duplicate_transaction' | 'amount_mismatch';

/** A verified notification for a top-up number, in the notification's transaction. */
export async function applyTopUpNotification(
  t: Queryable,
  provider: PayProviderName,
  n: VerifiedNotification,
): Promise<TopUpOutcome> {
  const topUp = await findTopUp(t, n.orderNo);
  if (!topUp) return 'unknown_order';
  if (n.tradeStatus !== 'SUCCESS') return 'failed';
  if (n.amountCents !== topUp.amountCents || provider !== topUp.provider) return 'amount_mismatch';
  if (!(await markTopUpPaid(t, topUp.id, n.amountCents, provider, n.transactionId))) return 'duplicate_transaction';
  const walletTx = await credit(
    t,
    topUp.userId,
    topUp.amountCents,
    'recharge',
    `钱包充值 ${topUp.topupNo}（${provider === 'wechat' ? '微信支付' : '支付宝'}）`,
  );
  await linkTopUpCredit(t, topUp.id, walletTx);
  await notify(t, topUp.userId, {
    kind: 'wallet',
    title: '钱包充值成功',
    body: `${(topUp.amountCents / 100).toFixed(2)} 元已存入钱包。`,
    link: '/account/wallet',
    dedupeKey: `topup:${topUp.id}`,
  });
  return 'paid';
}
