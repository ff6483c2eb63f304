/**
 * Answers of the requester's invoice routes, one shape for the three families that share
 * server/src/routes/invoices.ts (/api/user/invoice, /api/user/image-invoice,
 * /api/user/service-invoice). The detail and title shapes are in ./invoice.ts (staff share them);
 * here: the request as the generated list/form routes give it, and the order picker.
 */
import type { FromSchema } from './from-schema';
import { labelled } from './labels';
import { invoiceTitleSchema } from './invoice';
import invoiceStatus from '../status/invoice.json';
import invoiceType from '../enums/invoice-type.json';
import taxRate from '../enums/tax-rate.json';

const text = { type: 'string' } as const;
const time = { type: 'string', format: 'date-time' } as const;

/**
 * One invoice request: the form as submitted (lumen:forms/invoice, camelCase) overlaid by the
 * table's columns (snake_case), which the list shows and filters by.
 */
export const invoiceRecordSchema = {
  title: '开票申请',
  type: 'object',
  required: ['id', 'status', 'invoice_type', 'tax_rate', 'title', 'amount_cents', 'created_at', 'updated_at'],
  properties: {
    id: { type: 'integer', title: '申请编号' },
    status: labelled(invoiceStatus, { title: '状态' }),
    invoice_type: labelled(invoiceType),
    tax_rate: labelled(taxRate),
    title: { ...text, title: '发票抬头' },
    amount_cents: { type: 'integer', title: '开票金额', description: '分，含税；所开订单实付金额之和' },
    orders: { type: ['array', 'null'], title: '开票订单', items: { type: 'integer' } },
    created_at: { ...time, title: '申请时间' },
    updated_at: time,
    // The submitted form (its invoiceType, taxRate and title equal the columns above).
    invoiceType: labelled(invoiceType),
    taxRate: labelled(taxRate),
    taxId: { ...text, title: '纳税人识别号' },
    bankName: { ...text, title: '开户银行' },
    bankAccount: { ...text, title: '银行账号' },
    address: { ...text, title: '注册地址' },
    phone: { ...text, title: '注册电话' },
    email: { ...text, title: '接收邮箱' },
    remark: { ...text, title: '备注' },
    saveTitle: { type: 'boolean', title: '保存为常用抬头' },
  },
} as const;

const invoiceableOrderSchema = {
  title: '可开票订单',
  type: 'object',
  required: ['id', 'orderNo', 'amountCents', 'paidAt', 'itemTitles'],
  properties: {
    id: { type: 'integer' },
    orderNo: { ...text, title: '订单号' },
    amountCents: { type: 'integer', title: '可开票金额', description: '实付金额减去已退回的未使用服务额度' },
    paidAt: { ...time, title: '支付时间' },
    itemTitles: { type: ['string', 'null'], title: '商品' },
  },
} as const;

export const invoiceableOrdersSchema = {
  title: '可开票订单',
  description: '本人已支付且未被有效开票申请占用的订单，最近支付的在前。',
  type: 'object',
  required: ['list', 'total', 'totalCents'],
  properties: {
    list: { type: 'array', items: invoiceableOrderSchema },
    total: { type: 'integer', title: '订单数' },
    totalCents: { type: 'integer', title: '可开票金额合计' },
  },
} as const;

export const invoiceTitleListSchema = {
  title: '常用发票抬头',
  description: '最近使用的在前，至多 50 个。',
  type: 'array',
  items: invoiceTitleSchema,
} as const;

export type InvoiceRecord = FromSchema<typeof invoiceRecordSchema>;
export type InvoiceableOrder = FromSchema<typeof invoiceableOrderSchema>;
export type InvoiceableOrdersAnswer = FromSchema<typeof invoiceableOrdersSchema>;
