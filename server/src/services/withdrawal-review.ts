import type { Db } from '../db/index.js';
import { AppError } from '../http/envelope.js';
import type { PayProvider } from '../adapters/pay/index.js';
import {
  addWithdrawalEvent,
  findWithdrawalForStaff,
  lockWithdrawal,
  moveWithdrawal,
  type StaffWithdrawalRow,
} from '../repositories/withdrawal-review.js';
import { withdrawalPaidEvent } from './webhooks/events.js';

const NOT_FOUND = '提现申请不存在';
/** Why a decided withdrawal cannot be decided again. */
const DECIDED: Record<number, string> = { 1: '该提现已打款', 2: '该提现已驳回', 3: '该提现已被创作者取消' };
const IN_PROGRESS = '该提现正在打款，请稍后刷新';

/**
 * Staff approve a withdrawal and it is paid out through the payment adapter, once. A transaction
 * claims it (pending 0 -> paying 4, history step "approved"); the transfer runs outside any
 * transaction (PGlite would block every request meanwhile) with the withdrawal's own payout number
 * as the provider's idempotency key; then paying -> paid with the provider's transfer id. Approving a
 * paid withdrawal answers it unchanged; a parallel approval finds it paying (409); a claim whose
 * caller died is taken again after a few minutes and asks the provider with the same number. A
 * refused transfer returns it to pending review with the provider's message in its history.
 */
export async function approveWithdrawal(
  db: Db,
  provider: PayProvider,
  id: number,
  staffId: number,
): Promise<StaffWithdrawalRow> {
  const claimed = await db.tx(async (t) => {
    const w = await lockWithdrawal(t, id);
    if (!w) throw new AppError(404, NOT_FOUND);
    if (w.status === 1) return false;
    if (DECIDED[w.status]) throw new AppError(409, DECIDED[w.status]);
    if (w.status === 4 && !w.stale) throw new AppError(409, IN_PROGRESS);
    await moveWithdrawal(t, id, w.status, 4, { reviewed_by: staffId, claimed_at: 'now' });
    if (w.status === 0)
      await addWithdrawalEvent(t, {
        withdrawalId: id,
        actorId: staffId,
        actorRole: 'staff',
        action: 'approved',
        fromStatus: 0,
        toStatus: 4,
      });
    return true;
  });
  if (claimed) await payOut(db, provider, (await findWithdrawalForStaff(db, id))!);
  return (await findWithdrawalForStaff(db, id))!;
}

async function payOut(db: Db, provider: PayProvider, w: StaffWithdrawalRow): Promise<void> {
  let payoutId: string;
  try {
    ({ payoutId } = await provider.payout({
      payoutNo: w.payoutNo,
      amountCents: Number(w.amountCents),
      payeeType: w.channel === 'alipay' ? 'alipay_account' : 'bank_card',
      accountNo: w.accountNo,
      accountName: w.accountName,
      bankName: w.bankName ?? undefined,
      remark: `流明素材创作者收益提现 #${w.id}`,
    }));
  } catch (err) {
    const message = (err as Error).message;
    await db.tx(async (t) => {
      if (await moveWithdrawal(t, w.id, 4, 0, { claimed_at: null }))
        await addWithdrawalEvent(t, {
          withdrawalId: w.id,
          actorId: null,
          actorRole: 'system',
          action: 'payout_failed',
          fromStatus: 4,
          toStatus: 0,
          note: message,
        });
    });
    throw new AppError(502, `${provider.label}打款失败：${message}`);
  }
  await db.tx(async (t) => {
    if (await moveWithdrawal(t, w.id, 4, 1, { payout_id: payoutId, paid_at: 'now' })) {
      await addWithdrawalEvent(t, {
        withdrawalId: w.id,
        actorId: null,
        actorRole: 'system',
        action: 'paid',
        fromStatus: 4,
        toStatus: 1,
        note: `转账流水号 ${payoutId}`,
      });
      await withdrawalPaidEvent(t, w.id);
    }
  });
}

/**
 * Staff refuse a pending withdrawal with a reason the creator sees: its amount stops being held,
 * so it is available again at once (earningsOf counts only pending, paying and paid withdrawals).
 */
export async function rejectWithdrawal(
  db: Db,
  id: number,
  staffId: number,
  reason: string,
): Promise<StaffWithdrawalRow> {
  await db.tx(async (t) => {
    const w = await lockWithdrawal(t, id);
    if (!w) throw new AppError(404, NOT_FOUND);
    if (w.status === 4) throw new AppError(409, `${IN_PROGRESS}，打款中的提现不能驳回`);
    if (DECIDED[w.status]) throw new AppError(409, DECIDED[w.status]);
    await moveWithdrawal(t, id, 0, 2, { reviewed_by: staffId, reject_reason: reason });
    await addWithdrawalEvent(t, {
      withdrawalId: id,
      actorId: staffId,
      actorRole: 'staff',
      action: 'rejected',
      fromStatus: 0,
      toStatus: 2,
      note: reason,
    });
  });
  return (await findWithdrawalForStaff(db, id))!;
}
