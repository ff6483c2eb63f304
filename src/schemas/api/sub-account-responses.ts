/**
 * Answers of /api/user/sub-accounts (server/src/routes/sub-accounts.ts): the company admin's
 * sub-accounts, their purchase approvals and orders, and a sub-account's payment with company
 * money. Fields mirror server/src/repositories/sub-accounts.ts.
 */
import type { FromSchema } from './from-schema';
import { labelled } from './labels';
import subAccountForm from '../forms/sub-account.json';
import orderStatus from '../status/order.json';

const id = { type: 'integer' } as const;
const cents = { type: 'integer' } as const;
const time = { type: 'string', format: 'date-time' } as const;

export const subAccountSchema = {
  title: '子账号',
  type: 'object',
  required: [
    'userId',
    'companyId',
    'phone',
    'nickname',
    'role',
    'monthlyLimitCents',
    'status',
    'spentMonth',
    'spentCents',
    'createdAt',
    'monthlyLimit',
    'spentThisMonthCents',
  ],
  properties: {
    userId: id,
    companyId: id,
    phone: { type: ['string', 'null'], title: '手机号' },
    nickname: { type: 'string', title: '姓名' },
    role: labelled(subAccountForm.properties.role),
    monthlyLimitCents: { ...cents, title: '每月额度（分）' },
    status: {
      type: 'string',
      title: '状态',
      enum: ['active', 'disabled', 'deleted'],
      description: 'active 启用，disabled 已停用，deleted 已删除（列表不含）',
    },
    spentMonth: { type: 'string', title: '计额月份', description: 'YYYY-MM（北京时间）；新月份首笔采购时重置' },
    spentCents: { ...cents, title: '计额月份已用（分）' },
    createdAt: { ...time, title: '创建时间' },
    monthlyLimit: { type: 'number', title: '每月额度（元）' },
    spentThisMonthCents: { ...cents, title: '本月已用（分）' },
  },
} as const;

export const subAccountListSchema = { title: '子账号列表', type: 'array', items: subAccountSchema } as const;

const approvalSchema = {
  title: '采购审批',
  type: 'object',
  required: ['id', 'orderId', 'orderNo', 'subId', 'subName', 'amountCents', 'status', 'createdAt', 'decidedAt'],
  properties: {
    id,
    orderId: id,
    orderNo: { type: 'string', title: '订单号' },
    subId: id,
    subName: { type: 'string', title: '子账号' },
    amountCents: { ...cents, title: '金额（分）' },
    status: {
      type: 'string',
      title: '审批状态',
      enum: ['pending', 'approved', 'rejected'],
      description: 'pending 待审批，approved 已批准（企业钱包已支付），rejected 已驳回',
    },
    createdAt: { ...time, title: '申请时间' },
    decidedAt: { type: ['string', 'null'], format: 'date-time', title: '处理时间' },
  },
} as const;

export const approvalListSchema = { title: '采购审批列表', type: 'array', items: approvalSchema } as const;

const companyOrderSchema = {
  title: '企业订单',
  type: 'object',
  required: ['id', 'orderNo', 'userId', 'buyerName', 'status', 'amountCents', 'licenseeName', 'createdAt', 'paidAt'],
  properties: {
    id,
    orderNo: { type: 'string', title: '订单号' },
    userId: id,
    buyerName: { type: 'string', title: '下单人' },
    status: labelled(orderStatus),
    amountCents: { ...cents, title: '金额（分）' },
    licenseeName: { type: 'string', title: '被授权方' },
    createdAt: { ...time, title: '下单时间' },
    paidAt: { type: ['string', 'null'], format: 'date-time', title: '支付时间' },
  },
} as const;

export const companyOrdersSchema = {
  title: '企业及子账号订单',
  type: 'object',
  required: ['list', 'total'],
  properties: { list: { type: 'array', items: companyOrderSchema }, total: id },
} as const;

export const subPaymentSchema = {
  title: '子账号支付结果',
  type: 'object',
  required: ['status'],
  properties: {
    status: {
      type: 'string',
      enum: ['paid', 'approval'],
      description: 'paid 已由企业钱包支付；approval 超出本月额度，已提交企业管理员审批',
    },
    approvalId: { ...id, title: '审批编号', description: '仅 approval' },
  },
} as const;

export type SubAccount = FromSchema<typeof subAccountSchema>;
export type Approval = FromSchema<typeof approvalSchema>;
export type CompanyOrder = FromSchema<typeof companyOrderSchema>;
