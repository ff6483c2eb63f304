/**
 * Answers of payment, wallet, top-up and coupon routes (server/src/routes/trade-pay.ts, wallet.ts,
 * wallet-topup.ts, discount.ts); the /pay page reads the derived types. Fields mirror the SQL columns and the
 * routes' objects they come from (repositories/wallet.ts, coupons.ts, orders.ts).
 */
import type { FromSchema } from './from-schema';
import { labelled, labelsOf } from './labels';
import orderStatus from '../status/order.json';
import couponStatus from '../status/coupon.json';
import walletKind from '../enums/wallet-kind.json';
import payMethod from '../licence/pay-method.json';

const id = { type: 'integer' } as const;
const text = { type: 'string' } as const;
const cents = { type: 'integer', description: '金额（分）' } as const;
const time = { type: 'string', format: 'date-time' } as const;
const nullableTime = { type: ['string', 'null'], format: 'date-time' } as const;

export const payCreatedSchema = {
  title: '支付单',
  type: 'object',
  required: ['payUrl', 'provider', 'providerName', 'amountCents', 'expiresAt', 'orderNo'],
  properties: {
    payUrl: { ...text, description: '扫码支付地址（二维码内容）' },
    provider: { type: 'string', enum: ['wechat', 'alipay'] },
    providerName: text,
    amountCents: cents,
    expiresAt: time,
    orderNo: text,
  },
} as const;

export const walletPaidSchema = {
  title: '钱包支付结果',
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string', enum: ['paid'] } },
} as const;

export const payStateSchema = {
  title: '支付状态',
  type: 'object',
  required: ['status', 'amountCents', 'paidAt', 'expiresAt', 'lastNotify'],
  properties: {
    status: labelled(orderStatus),
    amountCents: cents,
    paidAt: nullableTime,
    expiresAt: time,
    lastNotify: { type: ['string', 'null'], description: '支付渠道最近一次通知的交易状态' },
  },
} as const;

export const walletInfoSchema = {
  title: '钱包余额',
  type: 'object',
  required: ['balanceCents'],
  properties: { balanceCents: cents },
} as const;

export const walletListSchema = {
  title: '钱包明细',
  type: 'object',
  required: ['list', 'total'],
  properties: {
    list: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'amountCents', 'balanceAfter', 'kind', 'orderId', 'note', 'createdAt'],
        properties: {
          id,
          amountCents: { ...cents, description: '正为入账，负为支出（分）' },
          balanceAfter: cents,
          kind: { ...text, title: '类型', 'x-enum-labels': labelsOf(walletKind) },
          orderId: { type: ['integer', 'null'] },
          note: text,
          createdAt: time,
        },
      },
    },
    total: id,
  },
} as const;

/** A wallet top-up (repositories/wallet-topups.ts): pending until the provider's callback credits the wallet. */
export const topUpSchema = {
  title: '钱包充值',
  type: 'object',
  required: ['id', 'topupNo', 'userId', 'amountCents', 'provider', 'status', 'createdAt', 'paidAt'],
  properties: {
    id,
    topupNo: { ...text, title: '充值单号' },
    userId: id,
    amountCents: { ...cents, title: '充值金额' },
    provider: { ...text, title: '支付渠道', enum: ['wechat', 'alipay'], 'x-enum-labels': labelsOf(payMethod) },
    status: { ...text, title: '状态', enum: ['pending', 'paid'], description: 'pending 待支付，paid 已到账' },
    createdAt: { ...time, title: '创建时间' },
    paidAt: { ...nullableTime, title: '到账时间' },
  },
} as const;

export const topUpStartedSchema = {
  title: '充值支付单',
  type: 'object',
  required: [...topUpSchema.required, 'payUrl', 'providerName'],
  properties: {
    ...topUpSchema.properties,
    payUrl: { ...text, description: '扫码支付地址（二维码内容）' },
    providerName: { ...text, title: '支付渠道' },
  },
} as const;

export const couponListSchema = {
  title: '我的优惠券',
  type: 'object',
  required: ['list', 'total'],
  properties: {
    list: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'id',
          'name',
          'amountCents',
          'thresholdCents',
          'status',
          'validFrom',
          'expiresAt',
          'orderId',
          'usedAt',
          'createdAt',
        ],
        properties: {
          id,
          name: text,
          amountCents: cents,
          thresholdCents: { ...cents, title: '使用门槛' },
          status: labelled(couponStatus),
          validFrom: time,
          expiresAt: time,
          orderId: { type: ['integer', 'null'] },
          usedAt: nullableTime,
          createdAt: time,
        },
      },
    },
    total: id,
  },
} as const;

export type PayCreated = FromSchema<typeof payCreatedSchema>;
export type PayState = FromSchema<typeof payStateSchema>;
export type WalletInfo = FromSchema<typeof walletInfoSchema>;
export type TopUp = FromSchema<typeof topUpSchema>;
export type TopUpStarted = FromSchema<typeof topUpStartedSchema>;
