/**
 * Invitation rewards: the invitee's first paid order (gift cards excluded) credits the inviter's
 * wallet once, by the amounts of lumen:earnings/invite (personal, or company when the invitee buys as
 * a company); refunding that order reverses it. Both run inside the payment's or the refund's
 * transaction, so a reward exists exactly when its order is paid and not refunded.
 */
import type { Queryable } from '../db/index.js';
import { credit } from '../repositories/wallet.js';
import { latestBody } from '../repositories/schema-versions.js';
import * as inv from '../repositories/invites.js';
import { enumLabel, schemas } from '../../../src/schemas/index.js';
import { notify } from './notifications.js';

export const INVITE_RULES_ID = 'lumen:earnings/invite';

/** Reward amounts (cents) of a rules body. */
export function rewardCentsOf(body: Record<string, any> | undefined = schemas[INVITE_RULES_ID] as Record<string, any>) {
  const r = body?.['x-reward-cents'] ?? {};
  return { personal: Number(r.personal ?? 0), company: Number(r.company ?? 0) };
}

/** Called by settlePaid: credits the inviter for the invitee's first purchase (no-op otherwise). */
export async function creditInviteReward(
  q: Queryable,
  orderId: number,
  rules?: ReturnType<typeof rewardCentsOf>,
): Promise<void> {
  // The amounts in force: the newest version staff saved, read inside the payment's transaction.
  rules ??= rewardCentsOf((await latestBody(q, INVITE_RULES_ID)) ?? undefined);
  const who = await inv.inviterOfOrder(q, orderId);
  if (!who || who.kind === 'gift_card') return;
  const kind = who.ownerType === 'ORGANISATIONS' ? 'company' : 'personal';
  const amountCents = rules[kind];
  if (!(amountCents > 0)) return;
  const id = await inv.insertReward(q, {
    inviterId: who.inviterId,
    inviteeId: who.inviteeId,
    orderId,
    kind,
    amountCents,
  });
  if (id === null) return; // not the invitee's first purchase
  const txId = await credit(
    q,
    who.inviterId,
    amountCents,
    'invite_reward',
    `邀请奖励：好友首次购买（${enumLabel('lumen:enums/owner-type', kind === 'company' ? 'ORGANISATIONS' : 'PERSONAL')}）`,
    orderId,
  );
  await inv.setRewardTx(q, id, txId);
  await notify(q, who.inviterId, {
    kind: 'invite',
    title: '获得邀请奖励',
    body: `您邀请的好友完成首次购买，¥${(amountCents / 100).toFixed(2)} 已存入钱包。`,
    link: '/account/invited',
    dedupeKey: `invite-reward:${id}`,
  });
}

/** Called when an order is refunded: the reward it earned is taken back from the inviter, once. */
export async function reverseInviteReward(q: Queryable, orderId: number): Promise<void> {
  const r = await inv.reverseReward(q, orderId);
  if (!r) return;
  // The reward may have been spent: the balance can go below zero and later top-ups cover it.
  const txId = await credit(q, r.inviterId, -r.amountCents, 'invite_reversal', '邀请奖励扣回：好友订单已退款', orderId);
  await inv.setReversalTx(q, r.id, txId);
  await notify(q, r.inviterId, {
    kind: 'invite',
    title: '邀请奖励已扣回',
    body: `好友的订单已退款，¥${(r.amountCents / 100).toFixed(2)} 邀请奖励已从钱包扣回。`,
    link: '/account/invited',
    dedupeKey: `invite-reversal:${r.id}`,
  });
}
