/**
 * Response shapes of invoice issuing: the requester's invoice detail (/api/user/invoice/:id/detail),
 * staff's queue rows (/api/admin/invoices) and saved invoice titles (/api/user/invoice/titles).
 * Labels: lumen:status/invoice, lumen:enums/invoice-type, lumen:enums/tax-rate.
 */
import type { FromSchema } from './from-schema';

const text = { type: ['string', 'null'] } as const;
const time = { type: ['string', 'null'], format: 'date-time' } as const;

export const invoiceLineSchema = {
  $id: 'lumen:api/invoice-line',
  title: '发票所开订单',
  description: '开票申请所含的一笔已支付订单及其开票金额（分，含税）。',
  type: 'object',
  required: ['orderId', 'orderNo', 'amountCents'],
  properties: {
    orderId: { type: 'integer' },
    orderNo: { type: 'string', title: '订单号' },
    amountCents: { type: 'integer', title: '开票金额' },
    itemTitles: { ...text, title: '商品' },
  },
} as const;

export const invoiceDetailSchema = {
  $id: 'lumen:api/invoice-detail',
  title: '发票详情',
  description:
    '一张开票申请：抬头、类型、税率、金额（分，含税，拆分为不含税金额与税额），状态；已开具的有发票号码与开票时间，已驳回的有原因。',
  type: 'object',
  required: [
    'id',
    'userId',
    'status',
    'invoiceType',
    'taxRate',
    'title',
    'amountCents',
    'netCents',
    'taxCents',
    'lines',
    'createdAt',
  ],
  properties: {
    id: { type: 'integer' },
    userId: { type: 'integer' },
    userName: text,
    status: { type: 'integer', title: '状态' },
    invoiceType: { type: 'integer', title: '发票类型' },
    taxRate: { type: 'integer', title: '税率' },
    title: { type: 'string', title: '发票抬头' },
    taxId: { ...text, title: '纳税人识别号' },
    email: { ...text, title: '接收邮箱' },
    remark: { ...text, title: '备注' },
    amountCents: { type: 'integer', title: '价税合计' },
    netCents: { type: 'integer', title: '金额（不含税）' },
    taxCents: { type: 'integer', title: '税额' },
    invoiceNo: { ...text, title: '发票号码' },
    issuedAt: { ...time, title: '开票时间' },
    refuseReason: { ...text, title: '驳回原因' },
    lines: { type: 'array', items: invoiceLineSchema },
    createdAt: { type: 'string', format: 'date-time', title: '申请时间' },
  },
} as const;

export const invoiceTitleSchema = {
  $id: 'lumen:api/invoice-title',
  title: '常用发票抬头',
  description: '申请开票时保存的抬头，下次申请可直接选用。',
  type: 'object',
  required: ['id', 'title'],
  properties: {
    id: { type: 'integer' },
    title: { type: 'string', title: '发票抬头' },
    taxId: text,
    bankName: text,
    bankAccount: text,
    address: text,
    phone: text,
  },
} as const;

export type InvoiceLine = FromSchema<typeof invoiceLineSchema>;
export type InvoiceDetail = FromSchema<typeof invoiceDetailSchema>;
export type InvoiceTitle = FromSchema<typeof invoiceTitleSchema>;
