/**
 * Answers of the creator's withdrawals (/api/user/withdrawal, server/src/routes/withdrawals.ts):
 * one request as the generated list/form routes give it, and its status history. The balance is
 * lumen:api/earnings-summary and one history step lumen:api/withdrawal-event (./earnings.ts).
 */
import type { FromSchema } from './from-schema';
import { labelled } from './labels';
import { withdrawalEventSchema } from './earnings';
import withdrawalStatus from '../status/withdrawal.json';
import withdrawalForm from '../forms/withdrawal.json';

const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const time = { type: 'string', format: 'date-time' } as const;

/** One withdrawal: the submitted form (lumen:forms/withdrawal, camelCase) overlaid by the table's columns (snake_case). */
export const withdrawalRecordSchema = {
  title: '提现申请',
  type: 'object',
  required: ['id', 'amount_cents', 'account_name', 'account_no', 'status', 'created_at', 'updated_at'],
  properties: {
    id: { type: 'integer', title: '提现编号' },
    amount_cents: { type: 'integer', title: '提现金额', description: '分' },
    account_name: { ...text, title: '收款人' },
    account_no: { ...text, title: '收款账号' },
    status: labelled(withdrawalStatus, { title: '状态' }),
    reject_reason: { ...nullableText, title: '驳回原因' },
    payout_id: { ...nullableText, title: '转账流水号' },
    paid_at: { type: ['string', 'null'], format: 'date-time', title: '打款时间' },
    created_at: { ...time, title: '申请时间' },
    updated_at: time,
    // The submitted form (its accountName and accountNo equal the columns above).
    amount: { type: 'number', title: '提现金额（元）' },
    channel: labelled(withdrawalForm.properties.channel),
    accountName: { ...text, title: '收款人姓名' },
    accountNo: { ...text, title: '收款账号' },
    bankName: { ...text, title: '开户银行' },
  },
} as const;

export const withdrawalEventListSchema = {
  title: '提现状态记录',
  description: '最早的在前。',
  type: 'object',
  required: ['list'],
  properties: { list: { type: 'array', items: withdrawalEventSchema } },
} as const;

export type WithdrawalRecord = FromSchema<typeof withdrawalRecordSchema>;
