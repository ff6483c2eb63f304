import type { Db, Queryable } from '../db/index.js';
import { AppError } from '../http/envelope.js';
import { appendBlock } from '../evidence/ledger.js';
import { credit, debit } from '../repositories/wallet.js';
import {
  findListing,
  insertListing,
  proofInUse,
  setListingStatus,
  titleProof,
  type ListingInput,
} from '../repositories/copyright-listings.js';
import {
  completeDeal,
  findDealFor,
  hasLiveDeal,
  insertDeal,
  moveDeal,
  recordSignature,
  setEscrow,
} from '../repositories/copyright-deals.js';
import { contractHash, type ContractTerms } from '../documents/transfer-contract.js';
import { enumLabel } from '../../../src/schemas/index.js';

/**
 * Copyright trading: listings need proof of title and staff approval; a deal holds the buyer's
 * wallet money in escrow until both parties signed the contract (SMS-confirmed), then releases it
 * to the seller and enters the transfer in the evidence log, in one transaction. Every money
 * movement is guarded by the deal's status, so a repeated request moves nothing twice.
 */
export async function publishListing(db: Db, sellerId: number, form: Record<string, any>): Promise<number> {
  const [type, rawId] = String(form.proof).split(':');
  const proof = await titleProof(db, sellerId, type, Number(rawId));
  if (!proof)
    throw new AppError(400, '请选择您本人已完成的存证或已登记成功的版权登记作为权属证明', {
      fieldErrors: { '/proof': '权属证明无效' },
    });
  if (await proofInUse(db, proof.type, proof.id)) throw new AppError(409, '该作品已在挂牌中或已售出');
  const input: ListingInput = {
    proof,
    mode: form.mode,
    rights: form.rights,
    territory: String(form.territory).trim(),
    termYears: form.termYears ?? null,
    exclusive: !!form.exclusive,
    priceCents: form.price ? Math.round(form.price * 100) : null,
    description: form.description ?? '',
  };
  return insertListing(db, sellerId, input);
}

export async function reviewListing(
  db: Db,
  id: number,
  staffId: number,
  approve: boolean,
  reason?: string,
): Promise<void> {
  const moved = await setListingStatus(db, id, ['pending'], approve ? 'listed' : 'rejected', {
    reviewedBy: staffId,
    rejectReason: approve ? undefined : reason,
  });
  if (!moved) throw new AppError(409, '该挂牌不在待审核状态');
}

async function listedForBuyer(q: Queryable, listingId: number, buyerId: number) {
  const l = await findListing(q, listingId, true);
  if (!l || l.status !== 'listed') throw new AppError(404, '该版权不在售');
  if (Number(l.sellerId) === buyerId) throw new AppError(400, '不能购买自己挂牌的版权');
  if (await hasLiveDeal(q, listingId)) throw new AppError(409, '该版权正在与其他买家交易');
  return l;
}

/** The contract terms of a deal row (names are the accounts' names until real-name certification lands). */
export function termsOf(d: Record<string, any>): ContractTerms {
  return {
    dealId: Number(d.id),
    kind: d.mode === 'licence' ? '许可' : '转让',
    seller: d.sellerName,
    buyer: d.buyerName,
    workName: d.workName,
    proof: `${d.proofType === 'deposit' ? '存证' : '版权登记'} #${d.proofId}`,
    rights: (d.rights as string[]).map((r) => enumLabel('lumen:enums/right', r)),
    territory: d.territory,
    term: d.termYears ? `${d.termYears}年` : '永久',
    exclusive: !!d.exclusive,
    priceCents: Number(d.priceCents),
  };
}

/** Moves the buyer's money into escrow for an accepted deal (status accepted -> escrowed, once). */
async function escrow(q: Queryable, dealId: number, buyerId: number): Promise<void> {
  const d = await findDealFor(q, dealId, buyerId, true);
  if (!d || Number(d.buyerId) !== buyerId) throw new AppError(404, '交易不存在');
  if (d.status !== 'accepted') throw new AppError(409, '该交易当前不能付款');
  const txId = await debit(q, buyerId, Number(d.priceCents), null, `版权交易托管 #${dealId}`, 'escrow');
  if (txId === null) throw new AppError(402, '钱包余额不足，请先充值');
  await moveDeal(q, dealId, 'accepted', 'escrowed');
  await setEscrow(q, dealId, txId, contractHash(termsOf(d)));
}

/** Buys a fixed-price listing: the deal is created and paid into escrow in one transaction. */
export async function buyListing(db: Db, listingId: number, buyerId: number): Promise<number> {
  return db.tx(async (q) => {
    const l = await listedForBuyer(q, listingId, buyerId);
    if (l.priceCents == null) throw new AppError(400, '该版权由买家出价，请先出价');
    const id = await insertDeal(q, {
      listingId,
      buyerId,
      sellerId: Number(l.sellerId),
      priceCents: Number(l.priceCents),
      message: '',
      status: 'accepted',
    });
    await escrow(q, id, buyerId);
    return id;
  });
}

export async function makeOffer(
  db: Db,
  listingId: number,
  buyerId: number,
  priceCents: number,
  message: string,
): Promise<number> {
  return db.tx(async (q) => {
    const l = await listedForBuyer(q, listingId, buyerId);
    return insertDeal(q, { listingId, buyerId, sellerId: Number(l.sellerId), priceCents, message, status: 'offered' });
  });
}

/** The seller accepts an offer (the listing is then reserved for this buyer) or declines it. */
export async function answerOffer(db: Db, dealId: number, sellerId: number, accept: boolean): Promise<void> {
  await db.tx(async (q) => {
    const d = await findDealFor(q, dealId, sellerId, true);
    if (!d || Number(d.sellerId) !== sellerId) throw new AppError(404, '交易不存在');
    if (accept) {
      await findListing(q, Number(d.listingId), true);
      if (await hasLiveDeal(q, Number(d.listingId))) throw new AppError(409, '该版权已接受了其他出价');
    }
    if (!(await moveDeal(q, dealId, 'offered', accept ? 'accepted' : 'declined')))
      throw new AppError(409, '该出价已处理');
  });
}

export const payOffer = (db: Db, dealId: number, buyerId: number) => db.tx((q) => escrow(q, dealId, buyerId));

/**
 * One party signs (after its SMS code was consumed). When this makes both signatures, the escrow
 * goes to the seller, the transfer is appended to the evidence log and the listing is sold — all
 * in the same transaction, guarded by status so it happens exactly once.
 */
export async function signDeal(db: Db, dealId: number, userId: number, ip: string) {
  return db.tx(async (q) => {
    const d = await findDealFor(q, dealId, userId, true);
    if (!d) throw new AppError(404, '交易不存在');
    if (d.status !== 'escrowed') throw new AppError(409, '买家付款进入托管后才能签署');
    const role = Number(d.buyerId) === userId ? 'buyer' : 'seller';
    if (!(await recordSignature(q, dealId, role, ip))) throw new AppError(409, '您已签署该合同');
    const other = role === 'buyer' ? d.sellerSignedAt : d.buyerSignedAt;
    if (!other) return { completed: false };
    const block = await appendBlock(q, {
      type: 'copyright-transfer',
      dealId,
      listingId: Number(d.listingId),
      proofType: d.proofType,
      proofId: Number(d.proofId),
      workName: d.workName,
      mode: d.mode,
      rights: d.rights,
      fromUserId: Number(d.sellerId),
      toUserId: Number(d.buyerId),
      priceCents: Number(d.priceCents),
      contractSha256: d.contractSha256,
    });
    const releaseTx = await credit(
      q,
      Number(d.sellerId),
      Number(d.priceCents),
      'copyright_sale',
      `版权交易放款 #${dealId}`,
    );
    if (!(await completeDeal(q, dealId, releaseTx, Number(block.height))))
      throw new AppError(409, '交易状态已变化，请刷新');
    await setListingStatus(q, Number(d.listingId), ['listed'], 'sold');
    return { completed: true, ledgerHeight: Number(block.height) };
  });
}

/** Either party withdraws before both signed: the escrow goes back to the buyer (once). */
export async function cancelDeal(db: Db, dealId: number, userId: number): Promise<void> {
  await db.tx(async (q) => {
    const d = await findDealFor(q, dealId, userId, true);
    if (!d) throw new AppError(404, '交易不存在');
    if (d.status === 'escrowed') {
      if (!(await moveDeal(q, dealId, 'escrowed', 'cancelled'))) throw new AppError(409, '交易状态已变化，请刷新');
      await credit(q, Number(d.buyerId), Number(d.priceCents), 'escrow_refund', `版权交易撤销退款 #${dealId}`);
    } else if (!['offered', 'accepted'].includes(d.status) || !(await moveDeal(q, dealId, d.status, 'cancelled'))) {
      throw new AppError(409, '该交易已完成或已关闭，不能撤销');
    }
  });
}
