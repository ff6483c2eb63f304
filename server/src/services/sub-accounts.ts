/**
 * Company sub-accounts: the company admin manages them; a buyer sub-account pays its orders from
 * the company's wallet within its monthly limit (counted atomically), and above the limit the
 * order waits for the admin's approval. Licences are issued in the company's name (the sub-account's
 * owner type and company name are the company's) and the company sees every sub-account's orders.
 */
import type { Db, Queryable } from '../db/index.js';
import { AppError } from '../http/envelope.js';
import type { UserRow } from '../repositories/users.js';
import { findOrder, type OrderRow } from '../repositories/orders.js';
import { insertPayment } from '../repositories/refunds.js';
import { debit } from '../repositories/wallet.js';
import { revokeOtherSessions } from '../repositories/user-sessions.js';
import {
  chinaMonth,
  consumeMonthlyLimit,
  decideApproval,
  findSubAccount,
  insertApproval,
  insertSubAccount,
  setSubStatus,
  type SubRole,
  type SubStatus,
} from '../repositories/sub-accounts.js';
import { settlePaid } from './checkout.js';
import { notify } from './notifications.js';

/** Only a company's own (main) account manages sub-accounts. */
export function requireCompanyAdmin(u: UserRow): number {
  if (u.owner_type !== 'ORGANISATIONS' || u.parent_id)
    throw new AppError(403, '仅企业主账号可以管理子账号，请先完成企业实名认证');
  return Number(u.id);
}

export async function createSubAccount(
  db: Db,
  companyId: number,
  form: { phone: string; nickname: string; role: SubRole; monthlyLimit: number },
): Promise<number> {
  const id = await db.tx((t) =>
    insertSubAccount(t, companyId, {
      phone: form.phone,
      nickname: form.nickname.trim(),
      role: form.role,
      monthlyLimitCents: Math.round(form.monthlyLimit * 100),
    }),
  );
  if (id === null)
    throw new AppError(409, '该手机号已注册流明素材账号，请使用其他手机号', {
      fieldErrors: { '/phone': '该手机号已注册' },
    });
  return id;
}

/** Disables, re-enables or deletes a sub-account; disabling and deleting end its sessions at once. */
export async function moveSubAccount(
  db: Db,
  companyId: number,
  userId: number,
  action: 'disable' | 'enable' | 'delete',
): Promise<void> {
  const moves: Record<typeof action, [SubStatus[], SubStatus]> = {
    disable: [['active'], 'disabled'],
    enable: [['disabled'], 'active'],
    delete: [['active', 'disabled'], 'deleted'],
  };
  const [from, to] = moves[action];
  await db.tx(async (t) => {
    if (!(await setSubStatus(t, companyId, userId, from, to))) {
      if (!(await findSubAccount(t, userId, companyId))) throw new AppError(404, '子账号不存在');
      throw new AppError(
        409,
        { disable: '该子账号已停用或已删除', enable: '该子账号未停用', delete: '该子账号已删除' }[action],
      );
    }
    if (to !== 'active') await revokeOtherSessions(t, userId, null);
  });
}

/** The company's wallet pays a sub-account's order: debit (never overdrawn), payment row, order paid, all or nothing. */
async function payFromCompany(t: Queryable, companyId: number, o: OrderRow, subName: string): Promise<void> {
  const walletTx = await debit(t, companyId, o.amountCents, o.id, `子账号 ${subName} 支付订单 ${o.orderNo}`);
  if (walletTx === null) throw new AppError(400, '企业钱包余额不足，请联系企业管理员充值');
  await insertPayment(t, {
    provider: 'wallet',
    transactionId: String(walletTx),
    orderId: o.id,
    userId: o.userId,
    amountCents: o.amountCents,
  });
  if (!(await settlePaid(t, o.id, o.amountCents, 'wallet'))) throw new AppError(409, '订单状态已变化，请刷新后重试');
}

function pendingOrder(o: OrderRow | null): OrderRow {
  if (!o) throw new AppError(404, '订单不存在');
  if (o.status === 'paid') throw new AppError(409, '订单已支付，请勿重复支付');
  if (o.status !== 'pending') throw new AppError(409, '订单已关闭，请重新下单');
  return o;
}

/**
 * A sub-account pays its order with company money: within this month's limit it is paid at once;
 * above it an approval request goes to the company admin (the order stays pending meanwhile).
 */
export async function payAsSubAccount(
  db: Db,
  user: UserRow,
  orderId: number,
): Promise<{ status: 'paid' | 'approval'; approvalId?: number }> {
  return db.tx((t) => payAsSubAccountIn(t, user, orderId));
}

/** payAsSubAccount in the caller's transaction (the public API takes its key budgets in the same one). */
export async function payAsSubAccountIn(
  t: Queryable,
  user: UserRow,
  orderId: number,
): Promise<{ status: 'paid' | 'approval'; approvalId?: number }> {
  const sub = await findSubAccount(t, Number(user.id));
  if (!sub || sub.status !== 'active') throw new AppError(403, '只有企业子账号可以使用企业资金付款');
  if (sub.role !== 'buyer') throw new AppError(403, '查看者不能使用企业资金付款');
  const o = pendingOrder(await findOrder(t, Number(user.id), orderId));
  if (await consumeMonthlyLimit(t, sub.userId, o.amountCents, chinaMonth())) {
    await payFromCompany(t, sub.companyId, o, sub.nickname);
    return { status: 'paid' as const };
  }
  const approvalId = await insertApproval(t, {
    orderId: o.id,
    subId: sub.userId,
    companyId: sub.companyId,
    amountCents: o.amountCents,
  });
  await notify(t, sub.companyId, {
    kind: 'sub_account',
    title: '子账号采购待审批',
    body: `${sub.nickname} 的订单 ${o.orderNo} 超出本月额度，等待您审批。`,
    link: '/account/subsidiaryList',
    dedupeKey: `sub-approval:${approvalId}`,
  });
  return { status: 'approval' as const, approvalId };
}

/** The company admin approves (the company pays; the spend counts beyond the limit) or rejects an over-limit purchase. */
export async function decideSubPurchase(
  db: Db,
  companyId: number,
  approvalId: number,
  approve: boolean,
): Promise<void> {
  await db.tx(async (t) => {
    const a = await decideApproval(t, companyId, approvalId, approve ? 'approved' : 'rejected');
    if (!a) throw new AppError(404, '审批不存在或已处理');
    const sub = (await findSubAccount(t, Number(a.subId), companyId))!;
    if (approve) {
      const o = pendingOrder(await findOrder(t, Number(a.subId), Number(a.orderId)));
      if (!(await consumeMonthlyLimit(t, sub.userId, o.amountCents, chinaMonth(), true)))
        throw new AppError(409, '该子账号已停用或不是采购员，不能代付');
      await payFromCompany(t, companyId, o, sub.nickname);
    }
    await notify(t, sub.userId, {
      kind: 'sub_account',
      title: approve ? '采购审批已通过' : '采购审批未通过',
      body: approve ? '企业管理员已批准并支付您的订单。' : '企业管理员未批准您的订单，请联系管理员。',
      link: '/account/order',
      dedupeKey: `sub-approval-result:${approvalId}`,
    });
  });
}
