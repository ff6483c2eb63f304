import type { Queryable } from '../db/index.js';

export type SubRole = 'buyer' | 'viewer';
export type SubStatus = 'active' | 'disabled' | 'deleted';

export interface SubAccountRow {
  userId: number;
  companyId: number;
  phone: string;
  nickname: string;
  role: SubRole;
  monthlyLimitCents: number;
  status: SubStatus;
  spentMonth: string;
  spentCents: number;
  createdAt: string;
}

const COLUMNS = `s.user_id AS "userId", s.company_id AS "companyId", u.phone, u.nickname, s.role, s.monthly_limit_cents AS "monthlyLimitCents",
  s.status, s.spent_month AS "spentMonth", s.spent_cents AS "spentCents", s.created_at AS "createdAt"`;

/** The China calendar month a purchase counts against ('YYYY-MM', UTC+8). */
export const chinaMonth = (d = new Date()): string => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 7);

export async function phoneTaken(q: Queryable, phone: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM users WHERE phone = $1', [phone])).rows.length > 0;
}

/** A user that signs in by phone, buying in the company's name (owner type and company name follow it). */
export async function insertSubAccount(
  q: Queryable,
  companyId: number,
  s: { phone: string; nickname: string; role: SubRole; monthlyLimitCents: number },
): Promise<number | null> {
  const u = await q.query<{ id: number }>(
    `INSERT INTO users(phone, nickname, owner_type, company_name, parent_id, roles, regist_source)
     SELECT $1, $2, 'ORGANISATIONS', c.company_name, c.id, ARRAY['buyer']::text[], 'SUB_ACCOUNT' FROM users c WHERE c.id = $3
     ON CONFLICT (phone) DO NOTHING RETURNING id`,
    [s.phone, s.nickname, companyId],
  );
  if (!u.rows[0]) return null;
  const id = Number(u.rows[0].id);
  await q.query('INSERT INTO sub_accounts(user_id, company_id, role, monthly_limit_cents) VALUES ($1, $2, $3, $4)', [
    id,
    companyId,
    s.role,
    s.monthlyLimitCents,
  ]);
  return id;
}

export async function listSubAccounts(q: Queryable, companyId: number): Promise<SubAccountRow[]> {
  const r = await q.query<SubAccountRow>(
    `SELECT ${COLUMNS} FROM sub_accounts s JOIN users u ON u.id = s.user_id WHERE s.company_id = $1 AND s.status <> 'deleted' ORDER BY s.user_id`,
    [companyId],
  );
  return r.rows;
}

/** The sub-account row of a user (any company), or of one company's sub-account by id. */
export async function findSubAccount(q: Queryable, userId: number, companyId?: number): Promise<SubAccountRow | null> {
  const r = await q.query<SubAccountRow>(
    `SELECT ${COLUMNS} FROM sub_accounts s JOIN users u ON u.id = s.user_id WHERE s.user_id = $1${companyId ? ' AND s.company_id = $2' : ''}`,
    companyId ? [userId, companyId] : [userId],
  );
  return r.rows[0] ?? null;
}

export async function updateSubAccount(
  q: Queryable,
  companyId: number,
  userId: number,
  s: { nickname: string; role: SubRole; monthlyLimitCents: number },
): Promise<boolean> {
  const r = await q.query(
    `UPDATE sub_accounts SET role = $3, monthly_limit_cents = $4 WHERE user_id = $1 AND company_id = $2 AND status <> 'deleted' RETURNING user_id`,
    [userId, companyId, s.role, s.monthlyLimitCents],
  );
  if (!r.rows.length) return false;
  await q.query('UPDATE users SET nickname = $2 WHERE id = $1', [userId, s.nickname]);
  return true;
}

/** Moves a sub-account between active/disabled/deleted; ending sessions is the caller's part. */
export async function setSubStatus(
  q: Queryable,
  companyId: number,
  userId: number,
  from: SubStatus[],
  to: SubStatus,
): Promise<boolean> {
  const r = await q.query(
    `UPDATE sub_accounts SET status = $3 WHERE user_id = $1 AND company_id = $2 AND status = ANY($4) RETURNING user_id`,
    [userId, companyId, to, from],
  );
  return r.rows.length > 0;
}

/**
 * Counts a purchase against this month's limit in one statement: it succeeds only while the month's
 * spend plus the amount stays within the limit (`force` skips the limit for approved purchases), so
 * parallel purchases can never pass the limit together.
 */
export async function consumeMonthlyLimit(
  q: Queryable,
  userId: number,
  amountCents: number,
  month: string,
  force = false,
): Promise<boolean> {
  const r = await q.query(
    `UPDATE sub_accounts
        SET spent_cents = (CASE WHEN spent_month = $3 THEN spent_cents ELSE 0 END) + $2, spent_month = $3
      WHERE user_id = $1 AND status = 'active' AND role = 'buyer'
        AND ($4 OR (CASE WHEN spent_month = $3 THEN spent_cents ELSE 0 END) + $2 <= monthly_limit_cents)
      RETURNING user_id`,
    [userId, amountCents, month, force],
  );
  return r.rows.length > 0;
}

export async function insertApproval(
  q: Queryable,
  a: { orderId: number; subId: number; companyId: number; amountCents: number },
): Promise<number> {
  const r = await q.query<{ id: number }>(
    `INSERT INTO sub_purchase_approvals(order_id, sub_id, company_id, amount_cents) VALUES ($1, $2, $3, $4)
     ON CONFLICT (order_id) DO UPDATE SET order_id = EXCLUDED.order_id RETURNING id`,
    [a.orderId, a.subId, a.companyId, a.amountCents],
  );
  return Number(r.rows[0].id);
}

export async function listApprovals(q: Queryable, companyId: number, status: string) {
  const r = await q.query(
    `SELECT a.id, a.order_id AS "orderId", o.order_no AS "orderNo", a.sub_id AS "subId", u.nickname AS "subName", a.amount_cents AS "amountCents",
            a.status, a.created_at AS "createdAt", a.decided_at AS "decidedAt"
       FROM sub_purchase_approvals a JOIN orders o ON o.id = a.order_id JOIN users u ON u.id = a.sub_id
      WHERE a.company_id = $1 AND a.status = $2 ORDER BY a.id DESC LIMIT 200`,
    [companyId, status],
  );
  return r.rows;
}

/** pending -> approved/rejected for the company's own approval; the row when it moved. */
export async function decideApproval(q: Queryable, companyId: number, id: number, to: 'approved' | 'rejected') {
  const r = await q.query<{ orderId: number; subId: number; amountCents: number }>(
    `UPDATE sub_purchase_approvals SET status = $3, decided_at = now() WHERE id = $1 AND company_id = $2 AND status = 'pending'
     RETURNING order_id AS "orderId", sub_id AS "subId", amount_cents AS "amountCents"`,
    [id, companyId, to],
  );
  return r.rows[0] ?? null;
}

/** Orders of every sub-account of the company (and the company's own), newest first. */
export async function companyOrders(q: Queryable, companyId: number, page: number, pageSize: number) {
  const where = `o.user_id = $1 OR o.user_id IN (SELECT user_id FROM sub_accounts WHERE company_id = $1)`;
  const total = Number(
    (await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders o WHERE ${where}`, [companyId])).rows[0].n,
  );
  const r = await q.query(
    `SELECT o.id, o.order_no AS "orderNo", o.user_id AS "userId", u.nickname AS "buyerName", o.status, o.amount_cents AS "amountCents",
            o.licensee_name AS "licenseeName", o.created_at AS "createdAt", o.paid_at AS "paidAt"
       FROM orders o JOIN users u ON u.id = o.user_id WHERE ${where} ORDER BY o.id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    [companyId],
  );
  return { list: r.rows, total };
}
