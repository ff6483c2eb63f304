/**
 * A licence purchase through the public API: the same order and payment as the site's checkout
 * (services/checkout.ts createOrder, payments.ts payFromWallet, sub-accounts.ts for a company's
 * sub-account), with the key's budgets (licences per day, spend per month) taken in the payment's
 * transaction, so a refused payment spends no budget and parallel purchases cannot pass it together.
 */
import type { Db, Queryable } from '../db/index.js';
import { cancelOrder, findOrder } from '../repositories/orders.js';
import { takeBudget } from '../repositories/api-limits.js';
import { createOrder } from './checkout.js';
import { payFromWallet } from './payments.js';
import { payAsSubAccountIn } from './sub-accounts.js';
import { apiError, type KeyCaller } from './api-keys.js';
import type { ApiKeyRow } from '../repositories/api-keys.js';
import type { PurchaseAnswer, PurchaseLicencesBody } from '../../../src/schemas/api-keys/v1.js';
import { AppError } from '../http/envelope.js';

const DAY_MS = 24 * 3600_000;
const MONTH_MS = 30 * DAY_MS;
const yuan = (cents: number) => (cents / 100).toFixed(2);
const retryAfter = (ms: number) => ({ retryAfter: Math.max(1, Math.ceil(ms / 1000)) });

async function takeKeyBudgets(t: Queryable, key: ApiKeyRow, licences: number, amountCents: number) {
  if (key.dailyLicences != null) {
    const r = await takeBudget(t, `apikey:lic:${key.id}`, licences, key.dailyLicences, DAY_MS);
    if (!r.ok)
      throw apiError(
        429,
        'licence_limit',
        `超出该密钥每日 ${key.dailyLicences} 个授权的上限`,
        retryAfter(r.retryAfterMs),
      );
  }
  if (key.monthlySpendCents != null) {
    const r = await takeBudget(t, `apikey:spend:${key.id}`, amountCents, key.monthlySpendCents, MONTH_MS);
    if (!r.ok)
      throw apiError(
        429,
        'spend_limit',
        `超出该密钥每月 ¥${yuan(key.monthlySpendCents)} 的消费额度`,
        retryAfter(r.retryAfterMs),
      );
  }
}

/** Orders the licences and pays them from the wallet (a sub-account: the company's, within its limits). */
export async function purchaseWithKey(db: Db, { key, user }: KeyCaller, body: PurchaseLicencesBody) {
  const order = await createOrder(db, user, {
    from: 'direct',
    items: body.items,
    licenseeType: body.licenseeType,
  });
  try {
    return await db.tx(async (t): Promise<PurchaseAnswer> => {
      await takeKeyBudgets(t, key, body.items.length, order.amountCents);
      const base = { orderId: order.id, orderNo: order.orderNo, amountCents: order.amountCents };
      if (user.parent_id) {
        const r = await payAsSubAccountIn(t, user, order.id);
        return { ...base, status: r.status, paidFrom: 'company_wallet' };
      }
      const o = await findOrder(t, user.id, order.id);
      if (!o) throw new AppError(404, '订单不存在');
      await payFromWallet(t, o);
      return { ...base, status: 'paid', paidFrom: 'wallet' };
    });
  } catch (e) {
    // Nothing was paid: the order is closed rather than left pending for the site's order list.
    await cancelOrder(db, user.id, order.id);
    throw e;
  }
}
