import type { FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../db/index.js';
import { AppError } from '../http/envelope.js';
import { credit, debit } from '../repositories/wallet.js';
import { insertOrder, markPaid } from '../repositories/orders.js';
import { grantLicences } from '../repositories/licences.js';
import { findUserById, type UserRow } from '../repositories/users.js';
import { ownWorkIds } from '../repositories/community-posts.js';
import {
  demandByRequestKey,
  findDemand,
  findResponse,
  insertDemand,
  insertResponse,
  markResponsePicked,
  moveDemand,
  setDemandColumns,
  type Demand,
} from '../repositories/community-demands.js';
import { checkScenario, licensee } from './checkout.js';
import { levelOf } from '../../../src/schemas/licence/use-cases.js';
import { enumLabel } from '../../../src/schemas/index.js';
import { notify } from './notifications.js';
import { recordAudit } from './audit-log.js';

/**
 * Demand posting (spec §1, 威客-style). Money rules, each inside one transaction that holds the
 * demand's row lock and moves the demand's status with a guarded UPDATE before any money moves:
 * - bounty: the reward leaves the buyer's wallet into escrow when the demand is posted (once per
 *   request key); bid: the picked quote is escrowed when the buyer picks it.
 * - the escrow is released to the creator only when the buyer accepts a delivery (or staff decide
 *   a dispute for the creator); the delivered work then becomes the buyer's licence through an
 *   ordinary paid order line. Cancelling an open bounty or a staff refund returns it to the buyer.
 */
const cents = (yuan: number) => Math.round(yuan * 100);
const link = (id: number) => `/community/demands/${id}`;
/** A China date (YYYY-MM-DD) `days` from today: deadlines are China dates. */
export const chinaDate = (days = 0) =>
  new Date(Date.now() + (8 * 3600 + days * 86_400) * 1000).toISOString().slice(0, 10);
const today = () => chinaDate();

export async function postDemand(
  db: Db,
  user: UserRow,
  form: Record<string, any>,
): Promise<{ id: number; repeated: boolean }> {
  const uc = await checkScenario(db, user, form.scenario);
  if (form.deadline < today())
    throw new AppError(400, '截止日期不能早于今天', { fieldErrors: { '/deadline': '截止日期不能早于今天' } });
  const budgetCents = cents(form.budget);
  const key: string | null = form.requestKey ?? null;
  return db.tx(async (q) => {
    const id = await insertDemand(q, Number(user.id), {
      title: form.title.trim(),
      description: form.description.trim(),
      materialType: form.materialType,
      scenario: form.scenario,
      level: levelOf(uc),
      mode: form.mode,
      budgetCents,
      deadline: form.deadline,
      requestKey: key,
    });
    if (id === null) return { id: (await demandByRequestKey(q, Number(user.id), key!))!, repeated: true };
    if (form.mode === 'bounty') {
      const tx = await debit(q, Number(user.id), budgetCents, null, `需求悬赏托管 #${id}`, 'escrow');
      if (tx === null) throw new AppError(402, '钱包余额不足以托管赏金，请先充值');
      await setDemandColumns(q, id, { escrow_tx_id: tx, price_cents: budgetCents });
    }
    return { id, repeated: false };
  });
}

/** The demand, for one of its parties (the buyer, or the picked creator when `creator`); 404 for anyone else. */
async function demandFor(q: Queryable, id: number, userId: number, role: 'buyer' | 'creator'): Promise<Demand> {
  const d = await findDemand(q, id, true);
  if (!d || (role === 'buyer' ? d.buyerId !== userId : d.pickedCreatorId !== userId))
    throw new AppError(404, '需求不存在');
  return d;
}

export async function respond(db: Db, user: UserRow, demandId: number, form: Record<string, any>): Promise<number> {
  if (!user.roles.includes('creator')) throw new AppError(403, '请先成为创作者再响应需求');
  return db.tx(async (q) => {
    const d = await findDemand(q, demandId);
    if (!d) throw new AppError(404, '需求不存在');
    if (d.buyerId === Number(user.id)) throw new AppError(400, '不能响应自己发布的需求');
    if (d.status !== 'open') throw new AppError(409, '该需求已结束征集');
    if (d.deadline < today()) throw new AppError(409, '该需求已过截止日期');
    let materialId: number | null = null;
    if (form.kind === 'work') {
      if (!form.materialId)
        throw new AppError(400, '请选择推荐的作品', { fieldErrors: { '/materialId': '请选择作品' } });
      if (!(await ownWorkIds(q, Number(user.id), [form.materialId])).length)
        throw new AppError(400, '只能推荐您本人作品库中的作品', {
          fieldErrors: { '/materialId': '只能选择本人的作品' },
        });
      materialId = form.materialId;
    }
    let priceCents: number | null = null;
    if (d.mode === 'bid') {
      if (!form.price) throw new AppError(400, '竞标需求请填写报价', { fieldErrors: { '/price': '请填写报价' } });
      priceCents = cents(form.price);
      if (priceCents > d.budgetCents)
        throw new AppError(400, `报价不能超过预算 ¥${(d.budgetCents / 100).toFixed(2)}`, {
          fieldErrors: { '/price': '报价超过预算' },
        });
    }
    const id = await insertResponse(q, {
      demandId,
      creatorId: Number(user.id),
      kind: form.kind,
      materialId,
      message: form.message.trim(),
      priceCents,
    });
    if (id === null) throw new AppError(409, '您已响应过该需求');
    await notify(q, d.buyerId, {
      kind: 'community',
      title: '您的需求有新的响应',
      body: `需求“${d.title}”收到了新的响应。`,
      link: link(demandId),
    });
    return id;
  });
}

/** The buyer picks one response: bid mode escrows the quote now; the demand goes in progress (once). */
export async function pickResponse(db: Db, buyerId: number, demandId: number, responseId: number): Promise<void> {
  await db.tx(async (q) => {
    const d = await demandFor(q, demandId, buyerId, 'buyer');
    const r = await findResponse(q, responseId);
    if (!r || r.demandId !== demandId || r.status !== 'active') throw new AppError(404, '响应不存在');
    if (d.status !== 'open') throw new AppError(409, '该需求已选定创作者或已结束');
    const price = d.mode === 'bid' ? r.priceCents! : d.priceCents!;
    if (
      !(await moveDemand(q, demandId, ['open'], 'in_progress', { picked_response_id: responseId, price_cents: price }))
    )
      throw new AppError(409, '该需求状态已变化，请刷新');
    if (d.mode === 'bid') {
      const tx = await debit(q, buyerId, price, null, `需求报价托管 #${demandId}`, 'escrow');
      if (tx === null) throw new AppError(402, '钱包余额不足以托管报价，请先充值');
      await setDemandColumns(q, demandId, { escrow_tx_id: tx });
    }
    await markResponsePicked(q, responseId);
    await notify(q, r.creatorId, {
      kind: 'community',
      title: '您的响应被选中了',
      body: `需求“${d.title}”选中了您，款项已由平台托管，请按时交付。`,
      link: link(demandId),
    });
  });
}

/** The picked creator delivers a work of their catalogue (uploaded through the creator pipeline). */
export async function deliver(db: Db, creatorId: number, demandId: number, form: Record<string, any>): Promise<void> {
  await db.tx(async (q) => {
    const d = await demandFor(q, demandId, creatorId, 'creator');
    if (d.status !== 'in_progress') throw new AppError(409, '该需求当前不能交付');
    const w = (
      await q.query<{ type: number }>('SELECT type FROM materials WHERE id = $1 AND owner_id = $2 AND status <> 2', [
        form.materialId,
        creatorId,
      ])
    ).rows[0];
    if (!w)
      throw new AppError(400, '只能交付您本人作品库中的作品', { fieldErrors: { '/materialId': '只能选择本人的作品' } });
    if (Number(w.type) !== d.materialType)
      throw new AppError(400, `该需求需要${enumLabel('lumen:enums/material-type', d.materialType)}作品`, {
        fieldErrors: { '/materialId': '素材类型不符' },
      });
    await moveDemand(q, demandId, ['in_progress'], 'delivered', {
      delivered_material_id: form.materialId,
      delivery_note: form.note ?? '',
      delivered_at: new Date(),
    });
    await notify(q, d.buyerId, {
      kind: 'community',
      title: '创作者已交付作品',
      body: `需求“${d.title}”已交付，请验收。验收后款项支付给创作者，作品授权归您。`,
      link: link(demandId),
    });
  });
}

/** Pays the escrow to the picked creator and, when a work was delivered, grants the buyer its licence. */
async function release(q: Queryable, d: Demand): Promise<void> {
  const txId = await credit(q, d.pickedCreatorId!, d.priceCents!, 'escrow_release', `需求托管放款 #${d.id}`);
  let orderId: number | null = null;
  if (d.deliveredMaterialId) {
    const buyer = (await findUserById(q, d.buyerId))!;
    const m = (
      await q.query<{ title: string; type: number }>('SELECT title, type FROM materials WHERE id = $1', [
        d.deliveredMaterialId,
      ])
    ).rows[0];
    const who = licensee(buyer, [{ level: d.level } as any], d.level === 'personal' ? undefined : 'ORGANISATIONS');
    const order = await insertOrder(q, {
      userId: d.buyerId,
      source: 'direct',
      licenseeType: who.type,
      licenseeName: who.name,
      subtotalCents: d.priceCents!,
      items: [
        {
          materialId: d.deliveredMaterialId,
          title: m.title,
          type: Number(m.type),
          scenario: d.scenario,
          level: d.level,
          priceCents: d.priceCents!,
        },
      ],
    });
    // The money already moved through the escrow: the order is recorded paid by it, never charged again.
    if (!(await markPaid(q, order.id, d.priceCents!, 'demand_escrow')))
      throw new Error('demand order could not be marked paid');
    await grantLicences(q, order.id);
    orderId = order.id;
  }
  await setDemandColumns(q, d.id, { release_tx_id: txId, order_id: orderId, completed_at: new Date() });
  await notify(q, d.pickedCreatorId!, {
    kind: 'community',
    title: '需求款项已到账',
    body: `需求“${d.title}”的托管款 ¥${(d.priceCents! / 100).toFixed(2)} 已支付到您的钱包。`,
    link: link(d.id),
  });
}

/** The buyer accepts the delivery: the one place (besides a staff decision) the escrow is released. */
export async function acceptDelivery(db: Db, buyerId: number, demandId: number): Promise<{ orderId: number | null }> {
  return db.tx(async (q) => {
    const d = await demandFor(q, demandId, buyerId, 'buyer');
    if (d.status !== 'delivered' || !(await moveDemand(q, demandId, ['delivered'], 'completed')))
      throw new AppError(409, '该需求当前不能验收');
    await release(q, d);
    return { orderId: (await findDemand(q, demandId))!.orderId };
  });
}

/** The buyer cancels an open demand; a bounty's escrow goes back to the wallet (once). */
export async function cancelDemand(db: Db, buyerId: number, demandId: number): Promise<void> {
  await db.tx(async (q) => {
    const d = await demandFor(q, demandId, buyerId, 'buyer');
    if (!(await moveDemand(q, demandId, ['open'], 'cancelled')))
      throw new AppError(409, '已选定创作者的需求不能取消，如有问题请申请仲裁');
    if (d.escrowTxId) {
      const tx = await credit(q, buyerId, d.priceCents!, 'escrow_refund', `需求取消退回托管 #${demandId}`);
      await setDemandColumns(q, demandId, { refund_tx_id: tx });
    }
  });
}

/** Either party of a demand in progress or delivered asks staff to decide; the escrow stays frozen. */
export async function disputeDemand(db: Db, userId: number, demandId: number, reason: string): Promise<void> {
  await db.tx(async (q) => {
    const d = await findDemand(q, demandId, true);
    if (!d || (d.buyerId !== userId && d.pickedCreatorId !== userId)) throw new AppError(404, '需求不存在');
    if (
      !(await moveDemand(q, demandId, ['in_progress', 'delivered'], 'disputed', {
        dispute_reason: reason,
        disputed_by: userId,
      }))
    )
      throw new AppError(409, '该需求当前不能申请仲裁');
    const other = d.buyerId === userId ? d.pickedCreatorId! : d.buyerId;
    await notify(q, other, {
      kind: 'community',
      title: '需求进入平台仲裁',
      body: `需求“${d.title}”已提交平台仲裁：${reason}`,
      link: link(demandId),
    });
  });
}

/** Staff decide a dispute: release to the creator (with the licence if a work was delivered) or refund the buyer. */
export async function resolveDispute(
  db: Db,
  req: FastifyRequest,
  staff: UserRow,
  demandId: number,
  outcome: 'release' | 'refund',
  note: string,
): Promise<void> {
  await db.tx(async (q) => {
    const d = await findDemand(q, demandId, true);
    if (!d) throw new AppError(404, '需求不存在');
    if (
      !(await moveDemand(q, demandId, ['disputed'], outcome === 'release' ? 'completed' : 'refunded', {
        resolution: note,
      }))
    )
      throw new AppError(409, '该需求不在仲裁中');
    if (outcome === 'release') await release(q, d);
    else {
      const tx = await credit(q, d.buyerId, d.priceCents!, 'escrow_refund', `需求仲裁退款 #${demandId}`);
      await setDemandColumns(q, demandId, { refund_tx_id: tx, completed_at: new Date() });
    }
    await recordAudit(q, req, staff, {
      action: `demand.${outcome}`,
      targetType: 'community_demand',
      targetId: demandId,
      before: { status: 'disputed', priceCents: d.priceCents },
      after: { status: outcome === 'release' ? 'completed' : 'refunded' },
      note,
    });
    for (const uid of [d.buyerId, d.pickedCreatorId!]) {
      await notify(q, uid, {
        kind: 'community',
        title: '需求仲裁结果',
        body: `需求“${d.title}”仲裁结果：${outcome === 'release' ? '款项支付给创作者' : '款项退回买家'}。${note}`,
        link: link(demandId),
      });
    }
  });
}
