import type { Queryable } from '../db/index.js';
import { insertSaleCredit, saleLines } from '../repositories/earnings.js';
import { latestBody } from '../repositories/schema-versions.js';
import {
  REVENUE_SHARE_ID,
  allocatePaid,
  revenueShareOf,
  shareOf,
  type RevenueShare,
} from '../../../src/schemas/earnings/revenue-share.js';
import { schemas } from '../../../src/schemas/index.js';

/**
 * The revenue-share rule in force, read inside the caller's transaction: the newest version staff
 * saved, else the bundled file. Read per payment rather than from the schema store's cache, so the
 * sale right after a staff edit already uses it on every server process (and a PGlite transaction
 * never waits on a query outside it).
 */
export async function currentRevenueShare(q: Queryable): Promise<RevenueShare> {
  return revenueShareOf((await latestBody(q, REVENUE_SHARE_ID)) ?? schemas[REVENUE_SHARE_ID]);
}

/**
 * Credits the owners of a just-paid order's works, in the payment's transaction (called by
 * settlePaid right after the order became paid). Each line's share of the paid amount (a coupon
 * lowers every line in proportion) times the owner's rate, held for the rule's holding period.
 * A line credits once (UNIQUE order_item_id), so a replay changes nothing. Works without an owner
 * (the platform's own catalogue) and a creator's purchase of their own work credit nobody.
 */
export async function creditSale(q: Queryable, orderId: number): Promise<number> {
  const { amountCents, lines } = await saleLines(q, orderId);
  if (!lines.length) return 0;
  const rule = await currentRevenueShare(q);
  const gross = allocatePaid(
    lines.map((l) => l.priceCents),
    amountCents,
  );
  let credited = 0;
  for (const [i, l] of lines.entries()) {
    if (l.ownerId === null || l.ownerId === l.buyerId) continue;
    const sharePercent = l.exclusiveCreator ? rule.exclusivePercent : rule.defaultPercent;
    const inserted = await insertSaleCredit(q, {
      userId: l.ownerId,
      orderId: l.orderId,
      orderItemId: l.orderItemId,
      materialId: l.materialId,
      scenario: l.scenario,
      buyerType: l.buyerType,
      grossCents: gross[i],
      sharePercent,
      amountCents: shareOf(gross[i], sharePercent),
      holdDays: rule.holdDays,
      note: '素材销售分成',
    });
    if (inserted) credited++;
  }
  return credited;
}
