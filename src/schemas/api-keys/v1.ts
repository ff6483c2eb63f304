/**
 * Request and answer shapes of the public API's own routes (/api/v1, server/src/routes/v1). Routes
 * that mirror an existing one answer with that route's schema; only the licence purchase is new.
 */
import type { FromSchema } from '../api/from-schema';

export const purchaseLicencesSchema = {
  title: '购买授权',
  type: 'object',
  required: ['items'],
  additionalProperties: false,
  properties: {
    items: {
      type: 'array',
      title: '授权条目',
      minItems: 1,
      maxItems: 50,
      items: {
        type: 'object',
        required: ['materialId', 'scenario'],
        additionalProperties: false,
        properties: {
          materialId: { type: 'integer', title: '素材编号', minimum: 1, maximum: 2147483647 },
          scenario: { type: 'string', title: '授权场景', minLength: 1, maxLength: 40 },
        },
      },
    },
    licenseeType: {
      type: 'string',
      title: '被授权方',
      enum: ['PERSONAL', 'ORGANISATIONS'],
      description: '企业账号可选以企业名义获得授权（默认按账号类型）',
    },
  },
} as const;

export type PurchaseLicencesBody = FromSchema<typeof purchaseLicencesSchema>;

export const purchaseAnswerSchema = {
  title: '购买结果',
  type: 'object',
  required: ['orderId', 'orderNo', 'amountCents', 'status', 'paidFrom'],
  properties: {
    orderId: { type: 'integer', title: '订单编号' },
    orderNo: { type: 'string', title: '订单号' },
    amountCents: { type: 'integer', title: '金额（分）' },
    status: {
      type: 'string',
      title: '状态',
      enum: ['paid', 'approval'],
      'x-enum-labels': { paid: '已支付，授权已发放', approval: '超出子账号每月额度，等待企业管理员审批' },
    },
    paidFrom: {
      type: 'string',
      title: '付款方',
      enum: ['wallet', 'company_wallet'],
      'x-enum-labels': { wallet: '本账号钱包', company_wallet: '企业钱包（子账号）' },
    },
  },
} as const;

export type PurchaseAnswer = FromSchema<typeof purchaseAnswerSchema>;
