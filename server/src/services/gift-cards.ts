/**
 * Gift cards: bought for someone else as an order of kind 'gift_card' (the cashier pays it; on
 * payment settlePaid makes its cards redeemable) or made by staff in batches; a random 16-character
 * code is redeemed once into the redeemer's wallet. Amounts, validity and the attempt limit come
 * from lumen:forms/gift-card-buy and lumen:enums/gift-card-amount.
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../db/index.js';
import { AppError } from '../http/envelope.js';
import type { UserRow } from '../repositories/users.js';
import { insertOrder } from '../repositories/orders.js';
import { credit } from '../repositories/wallet.js';
import * as gc from '../repositories/gift-cards.js';
import { recordAudit } from './audit-log.js';
import { notify } from './notifications.js';

/** 32 symbols without 0/O/1/I: 16 of them are 80 random bits, read aloud without confusion. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const newGiftCode = () => Array.from({ length: 16 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join('');
/** What a person may type (lower case, spaces, dashes) to the stored form. */
export const normaliseCode = (input: string) => input.toUpperCase().replace(/[^A-Z0-9]/g, '');
export const formatCode = (code: string) => code.replace(/(.{4})(?=.)/g, '$1-');

export interface GiftRules {
  validDays: number;
  attempts: number;
  windowMinutes: number;
}

/** Rules from the current lumen:forms/gift-card-buy (x-valid-days, x-redeem-limit). */
export function giftRulesOf(schema: Record<string, any> | undefined): GiftRules {
  const limit = schema?.['x-redeem-limit'] ?? {};
  return {
    validDays: Number(schema?.['x-valid-days'] ?? 365),
    attempts: Number(limit.attempts ?? 5),
    windowMinutes: Number(limit.windowMinutes ?? 60),
  };
}

/** Places the order for `count` cards (unpaid, codes hidden until paid); returns what the cashier pays. */
export async function buyGiftCards(
  db: Db,
  user: UserRow,
  form: { amount: number; count: number; recipientName: string; message?: string },
  rules: GiftRules,
) {
  const amountCents = form.amount * 100;
  return db.tx(async (t) => {
    const order = await insertOrder(t, {
      userId: Number(user.id),
      source: 'direct',
      kind: 'gift_card',
      licenseeType: user.owner_type,
      licenseeName: user.nickname || user.username || `用户${user.id}`,
      subtotalCents: amountCents * form.count,
      items: [],
    });
    for (let i = 0; i < form.count; i++) {
      await gc.insertGiftCard(t, {
        code: newGiftCode(),
        amountCents,
        validDays: rules.validDays,
        orderId: order.id,
        buyerId: Number(user.id),
        recipientName: form.recipientName.trim(),
        message: form.message?.trim(),
        active: false,
      });
    }
    return { id: order.id, orderNo: order.orderNo, amountCents: amountCents * form.count };
  });
}

/** Called by settlePaid in the payment's transaction: a paid gift-card order's cards become redeemable. */
export async function activatePaidGiftCards(q: Queryable, orderId: number): Promise<void> {
  for (const a of await gc.activateOrderCards(q, orderId)) {
    await notify(q, a.buyerId, {
      kind: 'gift_card',
      title: '礼品卡已可使用',
      body: `您购买的 ${a.n} 张礼品卡（共 ¥${(a.amountCents / 100).toFixed(2)}）已生成卡密，可在礼品卡页面查看并转赠。`,
      link: '/gift?tab=mine',
      dedupeKey: `gift-order:${orderId}`,
    });
  }
}

const WHY: Record<number, [number, string]> = {
  0: [409, '该礼品卡尚未支付，暂不能兑换'],
  2: [409, '该礼品卡已被兑换'],
  3: [409, '该礼品卡已作废'],
};

/**
 * Redeems a code into the user's wallet, once: the card is taken by a conditional UPDATE, so of
 * parallel redemptions exactly one credits. Every failure counts against the account's attempt
 * limit; over it, redemption pauses for the window (429) before the code is even looked at.
 */
export async function redeemGiftCard(db: Db, userId: number, input: string, ip: string | null, rules: GiftRules) {
  if ((await gc.failedAttemptsSince(db, userId, rules.windowMinutes)) >= rules.attempts) {
    throw new AppError(429, `卡密输错次数过多，请 ${rules.windowMinutes} 分钟后再试`);
  }
  const code = normaliseCode(input);
  const done = await db.tx(async (t) => {
    const card = await gc.claimCard(t, code, userId);
    if (!card) return null;
    const txId = await credit(
      t,
      userId,
      card.amountCents,
      'gift_card',
      `礼品卡兑换 ${code.slice(0, 4)}-****-****-${code.slice(-4)}`,
    );
    await gc.setCardWalletTx(t, card.id, txId);
    await notify(t, userId, {
      kind: 'wallet',
      title: '礼品卡兑换成功',
      body: `¥${(card.amountCents / 100).toFixed(2)} 已存入钱包余额。`,
      link: '/account/wallet',
      dedupeKey: `gift-card:${card.id}`,
    });
    return card;
  });
  if (done) return { amountCents: done.amountCents };
  await gc.recordFailedAttempt(db, userId, ip);
  const state = code.length === 16 ? await gc.cardState(db, code) : null;
  if (!state)
    throw new AppError(400, '卡密不存在，请核对后重新输入', {
      fieldErrors: { '/code': '卡密不存在，请核对后重新输入' },
    });
  if (state.status === 1 && state.expired) throw new AppError(409, '该礼品卡已过期');
  const [status, msg] = WHY[state.status] ?? [409, '该礼品卡不能兑换'];
  throw new AppError(status, msg);
}

/** Staff make a batch of redeemable cards (audit-logged); returns the batch id. */
export async function createGiftCardBatch(
  db: Db,
  req: FastifyRequest | null,
  staff: { id: number | string },
  form: { amount: number; count: number; note: string },
  rules: GiftRules,
) {
  const amountCents = form.amount * 100;
  return db.tx(async (t) => {
    const batchId = await gc.insertBatch(t, {
      staffId: Number(staff.id),
      amountCents,
      count: form.count,
      note: form.note.trim(),
    });
    for (let i = 0; i < form.count; i++)
      await gc.insertGiftCard(t, {
        code: newGiftCode(),
        amountCents,
        validDays: rules.validDays,
        batchId,
        active: true,
      });
    await recordAudit(t, req, staff, {
      action: 'gift-card.batch',
      targetType: 'gift-card-batch',
      targetId: batchId,
      before: null,
      after: { amountCents, count: form.count, note: form.note.trim() },
      note: `${form.count} 张 ¥${form.amount}：${form.note.trim()}`,
    });
    return batchId;
  });
}
