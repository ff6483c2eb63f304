/**
 * Answers of the buyer's gift-card routes (server/src/routes/gift-cards.ts): the order a purchase
 * places (/api/gift-cards/orders), a redemption (/api/gift-cards/redeem) and the cards the user
 * bought (/api/user/gift-cards, generated list routes, so columns are snake_case).
 */
import type { FromSchema } from './from-schema';
import { labelled } from './labels';
import giftCardStatus from '../status/gift-card.json';

const cents = { type: 'integer' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const nullableTime = { type: ['string', 'null'], format: 'date-time' } as const;

export const giftCardOrderSchema = {
  title: '礼品卡订单',
  description: '待支付的订单，由收银台 /pay 支付；支付后卡密可见、可兑换。',
  type: 'object',
  required: ['id', 'orderNo', 'amountCents'],
  properties: {
    id: { type: 'integer', title: '订单编号' },
    orderNo: { type: 'string', title: '订单号' },
    amountCents: { ...cents, title: '应付金额', description: '面额 × 张数（分）' },
  },
} as const;

export const giftCardRedeemedSchema = {
  title: '兑换结果',
  type: 'object',
  required: ['amountCents', 'balanceCents'],
  properties: {
    amountCents: { ...cents, title: '存入金额' },
    balanceCents: { ...cents, title: '钱包余额', description: '兑换后的余额（分）' },
  },
} as const;

export const boughtGiftCardSchema = {
  title: '我购买的礼品卡',
  type: 'object',
  required: [
    'id',
    'code',
    'amount_cents',
    'status',
    'recipient_name',
    'message',
    'expires_at',
    'redeemed_at',
    'created_at',
    'order_no',
  ],
  properties: {
    id: { type: 'integer', title: '编号' },
    code: { ...nullableText, title: '卡密', description: '订单支付后才有' },
    amount_cents: { ...cents, title: '面额' },
    status: labelled(giftCardStatus, { title: '状态' }),
    recipient_name: { ...nullableText, title: '收礼人称呼' },
    message: { ...nullableText, title: '祝福语' },
    expires_at: { ...nullableTime, title: '有效期至', description: '支付后起算' },
    redeemed_at: { ...nullableTime, title: '兑换时间' },
    created_at: { type: 'string', format: 'date-time', title: '购买时间' },
    order_no: { ...nullableText, title: '订单号' },
  },
} as const;

export type GiftCardOrder = FromSchema<typeof giftCardOrderSchema>;
export type GiftCardRedeemed = FromSchema<typeof giftCardRedeemedSchema>;
export type BoughtGiftCard = FromSchema<typeof boughtGiftCardSchema>;
