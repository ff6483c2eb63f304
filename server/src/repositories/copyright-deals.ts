import type { Queryable } from '../db/index.js';

export type DealStatus = 'offered' | 'accepted' | 'escrowed' | 'completed' | 'declined' | 'cancelled';

const DEAL_COLUMNS = `d.id, d.listing_id AS "listingId", d.buyer_id AS "buyerId", d.seller_id AS "sellerId", d.price_cents AS "priceCents", d.message, d.status,
  d.contract_sha256 AS "contractSha256", d.buyer_signed_at AS "buyerSignedAt", d.seller_signed_at AS "sellerSignedAt", d.ledger_height AS "ledgerHeight",
  d.completed_at AS "completedAt", d.created_at AS "createdAt", l.work_name AS "workName", l.mode, l.rights, l.territory, l.term_years AS "termYears", l.exclusive,
  l.proof_type AS "proofType", l.proof_id AS "proofId",
  COALESCE(b.company_name, b.nickname, b.username) AS "buyerName", COALESCE(s.company_name, s.nickname, s.username) AS "sellerName"`;
const FROM = `copyright_deals d JOIN copyright_listings l ON l.id = d.listing_id JOIN users b ON b.id = d.buyer_id JOIN users s ON s.id = d.seller_id`;

export async function insertDeal(
  q: Queryable,
  d: { listingId: number; buyerId: number; sellerId: number; priceCents: number; message: string; status: DealStatus },
): Promise<number> {
  const r = await q.query<{ id: number }>(
    `INSERT INTO copyright_deals(listing_id, buyer_id, seller_id, price_cents, message, status) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [d.listingId, d.buyerId, d.sellerId, d.priceCents, d.message, d.status],
  );
  return Number(r.rows[0].id);
}

/** A deal seen by one of its two parties (null for anyone else). */
export async function findDealFor(q: Queryable, id: number, userId: number, lock = false) {
  const r = await q.query(
    `SELECT ${DEAL_COLUMNS} FROM ${FROM} WHERE d.id = $1 AND $2 IN (d.buyer_id, d.seller_id) ${lock ? 'FOR UPDATE OF d' : ''}`,
    [id, userId],
  );
  return r.rows[0] ?? null;
}

export async function dealsOf(q: Queryable, userId: number, role: 'buyer' | 'seller') {
  const r = await q.query(`SELECT ${DEAL_COLUMNS} FROM ${FROM} WHERE d.${role}_id = $1 ORDER BY d.id DESC LIMIT 200`, [
    userId,
  ]);
  return r.rows;
}

/** Whether a listing has a deal past the offer stage (reserved or sold). */
export async function hasLiveDeal(q: Queryable, listingId: number): Promise<boolean> {
  return (
    (
      await q.query(
        `SELECT 1 FROM copyright_deals WHERE listing_id = $1 AND status IN ('accepted', 'escrowed', 'completed')`,
        [listingId],
      )
    ).rows.length > 0
  );
}

/** Moves a deal from one status to another atomically; false when it was not in `from`. */
export async function moveDeal(q: Queryable, id: number, from: DealStatus, to: DealStatus, set = ''): Promise<boolean> {
  return (
    (
      await q.query(`UPDATE copyright_deals SET status = $3 ${set} WHERE id = $1 AND status = $2 RETURNING id`, [
        id,
        from,
        to,
      ])
    ).rows.length > 0
  );
}

export async function setEscrow(q: Queryable, id: number, txId: number, contractSha256: string): Promise<void> {
  await q.query('UPDATE copyright_deals SET escrow_tx_id = $2, contract_sha256 = $3 WHERE id = $1', [
    id,
    txId,
    contractSha256,
  ]);
}

/** Records one party's signature once; false when that party already signed or the deal is not in escrow. */
export async function recordSignature(
  q: Queryable,
  id: number,
  role: 'buyer' | 'seller',
  ip: string,
): Promise<boolean> {
  const r = await q.query(
    `UPDATE copyright_deals SET ${role}_signed_at = now(), ${role}_sign_ip = $2 WHERE id = $1 AND status = 'escrowed' AND ${role}_signed_at IS NULL RETURNING id`,
    [id, ip],
  );
  return r.rows.length > 0;
}

/** Completes a fully signed deal in escrow (once): returns false when not both signed or already done. */
export async function completeDeal(
  q: Queryable,
  id: number,
  releaseTxId: number,
  ledgerHeight: number,
): Promise<boolean> {
  const r = await q.query(
    `UPDATE copyright_deals SET status = 'completed', release_tx_id = $2, ledger_height = $3, completed_at = now()
      WHERE id = $1 AND status = 'escrowed' AND buyer_signed_at IS NOT NULL AND seller_signed_at IS NOT NULL RETURNING id`,
    [id, releaseTxId, ledgerHeight],
  );
  return r.rows.length > 0;
}

/** The completed transfers of one proof of title, oldest first: the chain after the original holder. */
export async function transfersOfProof(q: Queryable, proofType: string, proofId: number) {
  const r = await q.query(
    `SELECT d.id AS "dealId", COALESCE(b.company_name, b.nickname, b.username) AS holder, COALESCE(s.company_name, s.nickname, s.username) AS "from",
            l.mode, l.rights, d.completed_at AS "at", d.ledger_height AS "ledgerHeight", d.contract_sha256 AS "contractSha256"
       FROM copyright_deals d JOIN copyright_listings l ON l.id = d.listing_id JOIN users b ON b.id = d.buyer_id JOIN users s ON s.id = d.seller_id
      WHERE l.proof_type = $1 AND l.proof_id = $2 AND d.status = 'completed' ORDER BY d.completed_at, d.id`,
    [proofType, proofId],
  );
  return r.rows;
}

export async function originalHolder(q: Queryable, proofType: string, proofId: number) {
  const table = proofType === 'deposit' ? 'evidence_deposits' : 'registrations';
  const at = proofType === 'deposit' ? 'p.deposited_at' : 'p.updated_at';
  const r = await q.query(
    `SELECT COALESCE(u.company_name, u.nickname, u.username) AS holder, ${at} AS at FROM ${table} p JOIN users u ON u.id = p.user_id WHERE p.id = $1`,
    [proofId],
  );
  return r.rows[0] ?? null;
}

/** The addresses each party signed from (printed on the contract both of them hold). */
export async function signatureIps(
  q: Queryable,
  id: number,
): Promise<{ buyer_sign_ip: string; seller_sign_ip: string }> {
  return (
    await q.query<{ buyer_sign_ip: string; seller_sign_ip: string }>(
      'SELECT buyer_sign_ip, seller_sign_ip FROM copyright_deals WHERE id = $1',
      [id],
    )
  ).rows[0];
}
