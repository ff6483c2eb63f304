/**
 * Answers of the cart, checkout and order routes (server/src/routes/trade.ts, order.ts), which
 * serialize through these schemas; the cart, /buy and /pay pages read the derived types. Fields
 * mirror the SQL columns and services they come from (repositories/cart.ts, orders.ts,
 * coupons.ts, services/checkout.ts); a field missing here never reaches a page.
 */
import type { FromSchema } from './from-schema';
import { labelled, labelledOrNull, labelsOf } from './labels';
import materialType from '../enums/material-type.json';
import ownerType from '../enums/owner-type.json';
import orderStatus from '../status/order.json';
import refundStatus from '../status/refund.json';
import couponStatus from '../status/coupon.json';
import payMethod from '../licence/pay-method.json';

const id = { type: 'integer' } as const;
const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const cents = { type: 'integer', description: '金额（分）' } as const;
const time = { type: 'string', format: 'date-time' } as const;
const nullableTime = { type: ['string', 'null'], format: 'date-time' } as const;
/** Licence level codes (lumen:licence/use-cases x-levels): personal, company, enhanced. */
export const level = { type: 'string', title: '授权等级', enum: ['personal', 'company', 'enhanced'] } as const;

export const cartLineSchema = {
  title: '购物车条目',
  type: 'object',
  required: [
    'id',
    'materialId',
    'scenario',
    'title',
    'type',
    'coverPath',
    'basePriceCents',
    'available',
    'createdAt',
    'scenarioName',
    'level',
    'priceCents',
    'held',
  ],
  properties: {
    id,
    materialId: id,
    scenario: { ...text, title: '授权场景' },
    title: text,
    type: labelled(materialType),
    coverPath: nullableText,
    basePriceCents: cents,
    available: { type: 'boolean', description: '素材仍在售；否则标出并在结算时拒绝' },
    createdAt: time,
    scenarioName: text,
    level: { ...level, type: ['string', 'null'], enum: [...level.enum, null], description: '场景已下线时为 null' },
    priceCents: { type: ['integer', 'null'], description: '按当前授权场景计算；场景已下线时为 null' },
    held: { type: 'boolean', description: '已持有该素材此场景的授权' },
  },
} as const;

export const cartListSchema = {
  title: '购物车',
  type: 'object',
  required: ['list', 'total', 'totalCents'],
  properties: { list: { type: 'array', items: cartLineSchema }, total: id, totalCents: cents },
} as const;

export const cartCountSchema = {
  title: '购物车数量',
  type: 'object',
  required: ['count'],
  properties: { count: id },
} as const;

/** Adding a line answers its id; removing one only the new count. */
export const cartChangeSchema = {
  title: '购物车变化',
  type: 'object',
  required: ['count'],
  properties: { id: { ...id, title: '购物车条目' }, count: id },
} as const;

export const couponSchema = {
  type: 'object',
  required: ['id', 'name', 'amountCents', 'thresholdCents', 'status', 'validFrom', 'expiresAt', 'orderId', 'refusal'],
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
    refusal: { ...nullableText, description: '不能用于本单的原因；可用时为 null' },
  },
} as const;

export const quoteSchema = {
  title: '订单报价',
  type: 'object',
  required: ['lines', 'subtotalCents', 'discountCents', 'amountCents', 'coupons', 'licensee'],
  properties: {
    lines: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'materialId',
          'title',
          'type',
          'coverPath',
          'scenario',
          'scenarioName',
          'level',
          'priceCents',
          'held',
        ],
        properties: {
          cartId: { type: ['integer', 'null'] },
          materialId: id,
          title: text,
          type: labelled(materialType),
          coverPath: nullableText,
          scenario: text,
          scenarioName: text,
          level,
          priceCents: cents,
          held: { type: 'boolean', description: '已持有该授权，下单会被拒绝' },
        },
      },
    },
    subtotalCents: cents,
    discountCents: cents,
    amountCents: cents,
    coupons: { type: 'array', items: couponSchema },
    licensee: { type: 'object', required: ['type', 'name'], properties: { type: labelled(ownerType), name: text } },
  },
} as const;

export const createdOrderSchema = {
  title: '新订单',
  type: 'object',
  required: ['id', 'orderNo', 'amountCents'],
  properties: { id, orderNo: text, amountCents: cents },
} as const;

/** The columns of an order row (repositories/orders.ts COLUMNS). */
const orderRowProps = {
  id,
  orderNo: { ...text, title: '订单号' },
  userId: id,
  status: labelled(orderStatus),
  source: { type: 'string', enum: ['cart', 'direct'] },
  licenseeType: labelled(ownerType),
  licenseeName: text,
  subtotalCents: cents,
  discountCents: cents,
  amountCents: cents,
  couponId: { type: ['integer', 'null'] },
  payMethod: { ...nullableText, title: '支付方式', 'x-enum-labels': labelsOf(payMethod) },
  paidAt: nullableTime,
  expiresAt: time,
  createdAt: time,
  kind: { type: 'string', enum: ['material', 'service', 'gift_card'] },
  refundStatus: labelledOrNull(refundStatus),
  refundCents: { type: ['integer', 'null'] },
} as const;
const orderRowRequired = Object.keys(orderRowProps) as Array<keyof typeof orderRowProps>;

export const orderListSchema = {
  title: '我的订单',
  type: 'object',
  required: ['list', 'total'],
  properties: {
    list: {
      type: 'array',
      items: {
        type: 'object',
        required: orderRowRequired,
        properties: {
          ...orderRowProps,
          itemTitles: { ...nullableText, description: '各条目标题，以“、”连接' },
          itemCount: id,
        },
      },
    },
    total: id,
  },
} as const;

/** A line of an order: a licence line, or the one line of a service or gift-card order. */
const orderLineSchema = {
  type: 'object',
  required: ['title', 'scenarioName'],
  properties: {
    id,
    materialId: { type: ['integer', 'null'] },
    title: text,
    type: { type: ['integer', 'null'], 'x-enum-labels': labelsOf(materialType) },
    scenario: text,
    level: text,
    priceCents: cents,
    coverPath: nullableText,
    scenarioName: text,
    levelName: text,
  },
} as const;

export const orderDetailSchema = {
  title: '订单详情',
  type: 'object',
  required: [...orderRowRequired, 'items'],
  properties: {
    ...orderRowProps,
    serviceOrderId: { ...id, description: '版权服务订单的服务单编号' },
    items: { type: 'array', items: orderLineSchema },
  },
} as const;

export type CartLine = FromSchema<typeof cartLineSchema>;
export type CartList = FromSchema<typeof cartListSchema>;
export type CartCount = FromSchema<typeof cartCountSchema>;
export type Quote = FromSchema<typeof quoteSchema>;
export type CreatedOrder = FromSchema<typeof createdOrderSchema>;
export type OrderDetail = FromSchema<typeof orderDetailSchema>;
export type OrderList = FromSchema<typeof orderListSchema>;
