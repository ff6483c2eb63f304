import type { Queryable } from '../db/index.js';
import { DEPOSIT } from './deposits.js';
import { REG } from './registrations.js';

/** A seller's proof of title: their completed deposit or their successful registration (either kind). */
export interface TitleProof {
  type: 'deposit' | 'registration';
  id: number;
  workName: string;
  workCategory: number;
  /** Deposit certificate number, or the registration's kind (copyright / dci). */
  reference: string;
  at: string;
}

/** A user's completed proofs of title (newest first). */
export async function titleProofsOf(q: Queryable, userId: number): Promise<TitleProof[]> {
  const r = await q.query<TitleProof>(
    `SELECT 'deposit' AS type, id, work_name AS "workName", work_category AS "workCategory", cert_no AS reference, deposited_at AS at
       FROM evidence_deposits WHERE user_id = $1 AND status = $2 AND cert_no IS NOT NULL
     UNION ALL
     SELECT 'registration', id, work_name, work_category, kind, updated_at
       FROM registrations WHERE user_id = $1 AND status = $3
     ORDER BY at DESC LIMIT 200`,
    [userId, DEPOSIT.DEPOSITED, REG.REGISTERED],
  );
  return r.rows.map((p) => ({ ...p, id: Number(p.id) }));
}

/**
 * The proofs the publish form offers: those not already behind a pending, listed or sold listing
 * (publishing one of those is refused with 409, so the picker does not offer it).
 */
export async function listableProofsOf(q: Queryable, userId: number): Promise<TitleProof[]> {
  const used = await q.query<{ type: string; id: number }>(
    `SELECT proof_type AS type, proof_id AS id FROM copyright_listings
      WHERE seller_id = $1 AND status IN ('pending', 'listed', 'sold')`,
    [userId],
  );
  const taken = new Set(used.rows.map((u) => `${u.type}:${Number(u.id)}`));
  return (await titleProofsOf(q, userId)).filter((p) => !taken.has(`${p.type}:${p.id}`));
}

/** One proof of this user, or null when it is not theirs or not complete. */
export async function titleProof(q: Queryable, userId: number, type: string, id: number): Promise<TitleProof | null> {
  return (await titleProofsOf(q, userId)).find((p) => p.type === type && p.id === id) ?? null;
}

export interface ListingInput {
  proof: TitleProof;
  mode: 'transfer' | 'licence';
  rights: string[];
  territory: string;
  termYears: number | null;
  exclusive: boolean;
  priceCents: number | null;
  description: string;
}

export async function insertListing(q: Queryable, sellerId: number, l: ListingInput): Promise<number> {
  const r = await q.query<{ id: number }>(
    `INSERT INTO copyright_listings(seller_id, proof_type, proof_id, work_name, work_category, mode, rights, territory, term_years, exclusive, price_cents, description)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [
      sellerId,
      l.proof.type,
      l.proof.id,
      l.proof.workName,
      l.proof.workCategory,
      l.mode,
      l.rights,
      l.territory,
      l.termYears,
      l.exclusive,
      l.priceCents,
      l.description,
    ],
  );
  return Number(r.rows[0].id);
}

/** Whether this proof already backs a listing that is pending, listed or sold (one listing per work). */
export async function proofInUse(q: Queryable, type: string, id: number): Promise<boolean> {
  const r = await q.query(
    `SELECT 1 FROM copyright_listings WHERE proof_type = $1 AND proof_id = $2 AND status IN ('pending', 'listed', 'sold')`,
    [type, id],
  );
  return r.rows.length > 0;
}

const LISTING_COLUMNS = `l.id, l.seller_id AS "sellerId", COALESCE(u.nickname, u.username) AS "sellerName", l.proof_type AS "proofType", l.proof_id AS "proofId",
  l.work_name AS "workName", l.work_category AS "workCategory", l.mode, l.rights, l.territory, l.term_years AS "termYears", l.exclusive,
  l.price_cents AS "priceCents", l.description, l.status, l.reject_reason AS "rejectReason", l.created_at AS "createdAt"`;

export interface MarketFilter {
  keyword?: string;
  workCategory?: number;
  right?: string;
  mode?: string;
  minPrice?: number;
  maxPrice?: number;
  page: number;
  pageSize: number;
}

/** The public market: approved listings with filters, newest first. */
export async function marketListings(q: Queryable, f: MarketFilter) {
  const r = await q.query(
    `SELECT ${LISTING_COLUMNS}, count(*) OVER()::int AS total FROM copyright_listings l JOIN users u ON u.id = l.seller_id
      WHERE l.status = 'listed'
        AND NOT EXISTS (SELECT 1 FROM copyright_deals d WHERE d.listing_id = l.id AND d.status IN ('accepted', 'escrowed', 'completed'))
        AND ($1::text IS NULL OR l.work_name ILIKE '%' || $1 || '%')
        AND ($2::int IS NULL OR l.work_category = $2)
        AND ($3::text IS NULL OR $3 = ANY(l.rights))
        AND ($4::text IS NULL OR l.mode = $4)
        AND ($5::bigint IS NULL OR l.price_cents >= $5)
        AND ($6::bigint IS NULL OR l.price_cents <= $6)
      ORDER BY l.id DESC LIMIT $7 OFFSET $8`,
    [
      f.keyword?.replace(/[%_\\]/g, '\\$&') || null,
      f.workCategory ?? null,
      f.right ?? null,
      f.mode ?? null,
      f.minPrice ?? null,
      f.maxPrice ?? null,
      f.pageSize,
      (f.page - 1) * f.pageSize,
    ],
  );
  return { list: r.rows.map(({ total: _t, ...row }) => row), total: Number(r.rows[0]?.total ?? 0) };
}

export async function findListing(q: Queryable, id: number, lock = false) {
  const r = await q.query(
    `SELECT ${LISTING_COLUMNS} FROM copyright_listings l JOIN users u ON u.id = l.seller_id WHERE l.id = $1 ${lock ? 'FOR UPDATE OF l' : ''}`,
    [id],
  );
  return r.rows[0] ?? null;
}

export async function sellerListings(q: Queryable, sellerId: number) {
  const r = await q.query(
    `SELECT ${LISTING_COLUMNS} FROM copyright_listings l JOIN users u ON u.id = l.seller_id WHERE l.seller_id = $1 ORDER BY l.id DESC LIMIT 200`,
    [sellerId],
  );
  return r.rows;
}

export async function pendingListings(q: Queryable) {
  const r = await q.query(
    `SELECT ${LISTING_COLUMNS} FROM copyright_listings l JOIN users u ON u.id = l.seller_id WHERE l.status = 'pending' ORDER BY l.id LIMIT 200`,
  );
  return r.rows;
}

/** Moves a listing between statuses atomically; false when it was not in `from`. */
export async function setListingStatus(
  q: Queryable,
  id: number,
  from: string[],
  to: string,
  extra: { reviewedBy?: number; rejectReason?: string } = {},
): Promise<boolean> {
  const r = await q.query(
    `UPDATE copyright_listings SET status = $3, reviewed_by = COALESCE($4, reviewed_by), reject_reason = COALESCE($5, reject_reason) WHERE id = $1 AND status = ANY($2::text[]) RETURNING id`,
    [id, from, to, extra.reviewedBy ?? null, extra.rejectReason ?? null],
  );
  return r.rows.length > 0;
}

/** The proof's public view for a listing's detail: what a buyer can check (certificate number + verify link, or registration). */
export async function proofSummary(q: Queryable, type: string, id: number) {
  if (type === 'deposit') {
    const r = await q.query(
      `SELECT cert_no AS "certNo", sha256, deposited_at AS "at", file_name AS "fileName" FROM evidence_deposits WHERE id = $1`,
      [id],
    );
    return r.rows[0] ? { type, ...r.rows[0], verifyPath: `/copyrightVerify/cert?certNo=${r.rows[0].certNo}` } : null;
  }
  const r = await q.query(`SELECT id, kind, status, updated_at AS "at" FROM registrations WHERE id = $1`, [id]);
  return r.rows[0] ? { type, ...r.rows[0], certificatePath: `/certifiy/copyright/register/${id}` } : null;
}
