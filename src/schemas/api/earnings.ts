/**
 * Response shapes of the creator earnings APIs: /api/creator/sales (list rows, summary, rule),
 * /api/user/withdrawal/summary and /:id/events, and /api/admin/withdrawals. The server's
 * repositories return them and the creator and staff pages read the derived types.
 * Labels: lumen:status/earning, lumen:status/withdrawal, lumen:enums/withdrawal-event.
 */
import type { FromSchema } from './from-schema';

const cents = { type: 'integer' } as const;
const time = { type: 'string', format: 'date-time' } as const;
const nullableTime = { type: ['string', 'null'], format: 'date-time' } as const;

export const EARNING_STATES = ['pending', 'available', 'withdrawn', 'reversed'] as const;

export const saleSchema = {
  $id: 'lumen:api/sale',
  title: '销售记录',
  description: '一笔已售授权给作品所有者带来的分成（收益台账的一行）。state 由结算周期、退款与已打款提现推算。',
  type: 'object',
  required: [
    'id',
    'title',
    'materialId',
    'orderNo',
    'scenario',
    'buyerType',
    'grossCents',
    'sharePercent',
    'amountCents',
    'state',
    'createdAt',
    'availableAt',
  ],
  properties: {
    id: { type: 'integer' },
    title: { type: ['string', 'null'], title: '作品' },
    materialId: { type: ['integer', 'null'] },
    orderNo: { type: ['string', 'null'], title: '订单号' },
    scenario: { type: ['string', 'null'], title: '授权场景' },
    buyerType: { type: ['string', 'null'], enum: ['PERSONAL', 'ORGANISATIONS', null], title: '买家类型' },
    grossCents: { type: ['integer', 'null'], title: '实付金额' },
    sharePercent: { type: ['number', 'null'], title: '分成比例' },
    amountCents: { ...cents, title: '分成收益' },
    state: { type: 'string', enum: EARNING_STATES, title: '状态' },
    note: { type: 'string' },
    createdAt: { ...time, title: '入账时间' },
    availableAt: { ...time, title: '可提现时间' },
    reversedAt: { ...nullableTime, title: '扣回时间' },
  },
} as const;

export const salesSummarySchema = {
  $id: 'lumen:api/sales-summary',
  title: '销售汇总',
  description:
    '与销售记录列表相同筛选条件下的合计、按日（北京时间）与按作品（前 10）的分成收益；已扣回的不计入合计与图表。',
  type: 'object',
  required: ['count', 'grossCents', 'amountCents', 'reversedCents', 'byDay', 'byWork'],
  properties: {
    count: { type: 'integer' },
    grossCents: cents,
    amountCents: cents,
    reversedCents: cents,
    byDay: {
      type: 'array',
      items: {
        type: 'object',
        required: ['day', 'amountCents', 'count'],
        properties: { day: { type: 'string' }, amountCents: cents, count: { type: 'integer' } },
      },
    },
    byWork: {
      type: 'array',
      items: {
        type: 'object',
        required: ['materialId', 'title', 'amountCents', 'count'],
        properties: {
          materialId: { type: ['integer', 'null'] },
          title: { type: 'string' },
          amountCents: cents,
          count: { type: 'integer' },
        },
      },
    },
  },
} as const;

export const revenueShareRuleSchema = {
  $id: 'lumen:api/revenue-share-rule',
  title: '当前分成规则',
  description: 'lumen:earnings/revenue-share 的当前取值。',
  type: 'object',
  required: ['defaultPercent', 'exclusivePercent', 'holdDays'],
  properties: {
    defaultPercent: { type: 'number' },
    exclusivePercent: { type: 'number' },
    holdDays: { type: 'integer' },
  },
} as const;

export const earningsSummarySchema = {
  $id: 'lumen:api/earnings-summary',
  title: '收益余额',
  description:
    '创作者收益：累计（未扣回）、结算中、已扣回、已提现、提现中与可提现；可提现为负表示退款扣回了已提现的收益，之后的收益先抵扣。',
  type: 'object',
  required: ['earnedCents', 'heldCents', 'reversedCents', 'withdrawnCents', 'pendingCents', 'availableCents'],
  properties: {
    earnedCents: cents,
    heldCents: cents,
    reversedCents: cents,
    withdrawnCents: cents,
    pendingCents: cents,
    availableCents: cents,
  },
} as const;

export const withdrawalEventSchema = {
  $id: 'lumen:api/withdrawal-event',
  title: '提现状态记录',
  description: '提现的一次状态变化：谁（创作者、运营、系统）、何时、从哪个状态到哪个状态、原因或转账流水号。',
  type: 'object',
  required: ['id', 'actorRole', 'action', 'fromStatus', 'toStatus', 'note', 'createdAt'],
  properties: {
    id: { type: 'integer' },
    actorRole: { type: 'string', enum: ['creator', 'staff', 'system'] },
    actorName: { type: ['string', 'null'] },
    action: { type: 'string', enum: ['requested', 'approved', 'paid', 'payout_failed', 'rejected', 'cancelled'] },
    fromStatus: { type: ['integer', 'null'] },
    toStatus: { type: 'integer' },
    note: { type: 'string' },
    createdAt: time,
  },
} as const;

export const staffWithdrawalSchema = {
  $id: 'lumen:api/staff-withdrawal',
  title: '提现申请（运营）',
  description: '运营审核列表中的一笔提现申请。',
  type: 'object',
  required: [
    'id',
    'userId',
    'userName',
    'amountCents',
    'channel',
    'accountName',
    'accountNo',
    'bankName',
    'status',
    'rejectReason',
    'payoutNo',
    'payoutId',
    'paidAt',
    'createdAt',
  ],
  properties: {
    id: { type: 'integer' },
    userId: { type: 'integer' },
    userName: { type: ['string', 'null'] },
    amountCents: cents,
    channel: { type: 'string', enum: ['bank', 'alipay'] },
    accountName: { type: 'string' },
    accountNo: { type: 'string' },
    bankName: { type: ['string', 'null'] },
    status: { type: 'integer' },
    rejectReason: { type: ['string', 'null'] },
    payoutNo: { type: 'string' },
    payoutId: { type: ['string', 'null'] },
    paidAt: nullableTime,
    createdAt: time,
  },
} as const;

export type Sale = FromSchema<typeof saleSchema>;
export type SalesSummary = FromSchema<typeof salesSummarySchema>;
export type RevenueShareRule = FromSchema<typeof revenueShareRuleSchema>;
export type EarningsSummary = FromSchema<typeof earningsSummarySchema>;
export type WithdrawalEvent = FromSchema<typeof withdrawalEventSchema>;
export type StaffWithdrawal = FromSchema<typeof staffWithdrawalSchema>;
