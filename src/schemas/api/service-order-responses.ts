/**
 * Answers of /api/service-orders (server/src/routes/service-orders.ts serializes with them): the
 * copyright-service catalogue, a package's price, my service orders with their quota and uses.
 * Fields mirror server/src/repositories/service-orders.ts and services/service-orders.ts.
 */
import type { FromSchema } from './from-schema';
import { labelled } from './labels';
import { couponSchema } from './trade-responses';
import serviceOrderStatus from '../status/service-order.json';
import refundSettlement from '../status/refund-settlement.json';
import refundReason from '../enums/refund-reason.json';
import { SERVICE_CODES } from '../services/copyright-services';

const id = { type: 'integer' } as const;
const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const cents = { type: 'integer', description: '金额，单位分' } as const;
const time = { type: 'string', format: 'date-time' } as const;
const nullableTime = { type: ['string', 'null'], format: 'date-time' } as const;
const serviceCode = { type: 'string', enum: SERVICE_CODES, title: '服务' } as const;

const serviceDefSchema = {
  type: 'object',
  required: ['code', 'name', 'category', 'unit', 'recordsPath'],
  properties: {
    code: serviceCode,
    name: { ...text, title: '服务名称' },
    category: { ...text, description: 'lumen:enums/copyright-service-type 的代码' },
    unit: { ...text, title: '计量单位' },
    recordsPath: { ...text, description: '列出该服务成果的页面' },
  },
} as const;

const packageSchema = {
  type: 'object',
  required: ['sku', 'title', 'service', 'quantity', 'priceCents', 'validDays'],
  properties: {
    sku: { ...text, title: '套餐' },
    title: { ...text, title: '套餐名称' },
    service: serviceCode,
    quantity: { ...id, title: '包含次数' },
    priceCents: { ...cents, title: '价格' },
    validDays: { ...id, title: '有效天数', description: '0 为不限' },
  },
} as const;

export const serviceCatalogueSchema = {
  title: '版权服务目录',
  type: 'object',
  required: ['services', 'packages'],
  properties: {
    services: { type: 'array', items: serviceDefSchema },
    packages: { type: 'array', items: packageSchema },
  },
} as const;

export const serviceQuoteSchema = {
  title: '服务套餐报价',
  type: 'object',
  required: ['package', 'service', 'count', 'quantity', 'subtotalCents', 'discountCents', 'amountCents', 'coupons'],
  properties: {
    package: packageSchema,
    service: serviceDefSchema,
    count: { ...id, title: '份数' },
    quantity: { ...id, title: '总次数' },
    subtotalCents: { ...cents, title: '小计' },
    discountCents: { ...cents, title: '优惠' },
    amountCents: { ...cents, title: '应付金额' },
    coupons: { type: 'array', items: couponSchema },
  },
} as const;

export const serviceOrderCreatedSchema = {
  title: '已创建的服务订单',
  type: 'object',
  required: ['id', 'orderNo', 'amountCents', 'serviceOrderId'],
  properties: {
    id: { ...id, description: '订单编号（在 /pay 支付）' },
    orderNo: { ...text, title: '订单号' },
    amountCents: { ...cents, title: '应付金额' },
    serviceOrderId: { ...id, title: '服务订单编号' },
  },
} as const;

const serviceOrderProperties = {
  id,
  orderId: id,
  orderNo: { ...text, title: '订单号' },
  userId: id,
  service: serviceCode,
  sku: { ...text, title: '套餐' },
  title: { ...text, title: '套餐名称' },
  count: { ...id, title: '份数' },
  quantity: { ...id, title: '总次数' },
  used: { ...id, title: '已用' },
  left: { ...id, title: '剩余' },
  status: labelled(serviceOrderStatus),
  priceCents: { ...cents, title: '单价' },
  subtotalCents: { ...cents, title: '小计' },
  discountCents: { ...cents, title: '优惠' },
  amountCents: { ...cents, title: '实付金额' },
  payMethod: { ...nullableText, title: '支付方式' },
  paidAt: { ...nullableTime, title: '支付时间' },
  orderExpiresAt: { ...time, title: '支付截止' },
  validDays: { ...id, title: '有效天数' },
  activatedAt: { ...nullableTime, title: '生效时间' },
  expiresAt: { ...nullableTime, title: '到期时间' },
  refundedUnits: { type: ['integer', 'null'], title: '已退次数' },
  refundedAt: { ...nullableTime, title: '退款时间' },
  refundId: { type: ['integer', 'null'] },
  createdAt: { ...time, title: '下单时间' },
  serviceName: { ...text, title: '服务名称' },
  recordsPath: { ...nullableText, description: '列出该服务成果的页面' },
} as const;

const serviceOrderRequired = [
  'id',
  'orderId',
  'orderNo',
  'service',
  'sku',
  'title',
  'count',
  'quantity',
  'used',
  'left',
  'status',
  'amountCents',
  'createdAt',
  'serviceName',
  'recordsPath',
] as const;

const serviceOrderSchema = {
  title: '服务订单',
  type: 'object',
  required: serviceOrderRequired,
  properties: serviceOrderProperties,
} as const;

export const serviceOrderListSchema = {
  title: '我的服务订单',
  type: 'object',
  required: ['list', 'total'],
  properties: { list: { type: 'array', items: serviceOrderSchema }, total: id },
} as const;

export const serviceOrderDetailSchema = {
  title: '服务订单详情',
  type: 'object',
  required: [...serviceOrderRequired, 'uses'],
  properties: {
    ...serviceOrderProperties,
    uses: {
      type: 'array',
      title: '使用记录',
      items: {
        type: 'object',
        required: ['id', 'serviceOrderId', 'service', 'ref', 'quantity', 'releasedAt', 'createdAt'],
        properties: {
          id,
          serviceOrderId: id,
          service: serviceCode,
          ref: { ...text, description: '使用该次数的记录，如 registration:12' },
          quantity: { ...id, title: '次数' },
          releasedAt: { ...nullableTime, title: '退回时间' },
          createdAt: { ...time, title: '使用时间' },
        },
      },
    },
  },
} as const;

export const serviceQuotaSchema = {
  title: '剩余服务次数',
  type: 'object',
  required: ['list'],
  properties: {
    list: {
      type: 'array',
      items: {
        type: 'object',
        required: ['service', 'left', 'total'],
        properties: { service: serviceCode, left: { ...id, title: '剩余' }, total: { ...id, title: '总数' } },
      },
    },
  },
} as const;

/** A refund as staff see it (repositories/refunds.ts RefundRow). */
export const refundSchema = {
  title: '退款',
  type: 'object',
  required: ['id', 'orderId', 'orderNo', 'userId', 'provider', 'amountCents', 'reason', 'status', 'refundNo'],
  properties: {
    id,
    orderId: id,
    orderNo: { ...text, title: '订单号' },
    userId: id,
    userName: { ...nullableText, title: '用户' },
    provider: { type: 'string', enum: ['wechat', 'alipay', 'wallet'], title: '退款渠道' },
    transactionId: { ...text, title: '支付流水号' },
    amountCents: { ...cents, title: '退款金额' },
    reason: labelled(refundReason),
    note: { ...text, title: '备注' },
    status: labelled(refundSettlement),
    refundNo: { ...text, title: '退款单号' },
    providerRefundId: nullableText,
    walletTransactionId: { type: ['integer', 'null'] },
    settledBy: { type: ['integer', 'null'] },
    settledAt: { ...nullableTime, title: '退款时间' },
    createdAt: time,
  },
} as const;

export type ServiceCatalogueBody = FromSchema<typeof serviceCatalogueSchema>;
export type ServiceQuote = FromSchema<typeof serviceQuoteSchema>;
export type ServiceOrder = FromSchema<typeof serviceOrderSchema>;
