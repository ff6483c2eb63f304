import type { Queryable } from '../db/index.js';

export type AuthLevel = 'personal' | 'company' | 'enhanced';

export interface CertificationImage {
  field: string;
  key: string;
  name: string;
  size: number;
  mime: string;
  sha256: string;
}

export interface NewCertification {
  userId: number;
  certificateType: 1 | 2;
  certificate: string;
  orgKind: string | null;
  subjectName: string;
  legalPerson: string | null;
  certificateNoMasked: string;
  images: CertificationImage[];
}

const COLUMNS = `c.id, c.user_id AS "userId", c.certificate_type AS "certificateType", c.certificate, c.org_kind AS "orgKind",
  c.subject_name AS "subjectName", c.legal_person AS "legalPerson", c.certificate_no AS "certificateNo", c.images,
  c.status, c.auth_level AS "authLevel", c.reject_reason AS "rejectReason", c.reviewed_at AS "reviewedAt", c.created_at AS "createdAt"`;

export interface CertificationRow {
  id: number;
  userId: number;
  certificateType: 1 | 2;
  certificate: string;
  orgKind: string | null;
  subjectName: string;
  legalPerson: string | null;
  certificateNo: string;
  images: CertificationImage[];
  status: number;
  authLevel: AuthLevel | null;
  rejectReason: string | null;
  reviewedAt: string | null;
  createdAt: string;
}

/** Inserts a pending certification; the partial unique index refuses a second pending one (returns null). */
export async function insertCertification(q: Queryable, c: NewCertification): Promise<number | null> {
  const r = await q.query<{ id: number }>(
    `INSERT INTO certifications(user_id, certificate_type, certificate, org_kind, subject_name, legal_person, certificate_no, images)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (user_id) WHERE status = 0 DO NOTHING RETURNING id`,
    [
      c.userId,
      c.certificateType,
      c.certificate,
      c.orgKind,
      c.subjectName,
      c.legalPerson,
      c.certificateNoMasked,
      JSON.stringify(c.images),
    ],
  );
  return r.rows[0] ? Number(r.rows[0].id) : null;
}

export async function latestCertification(q: Queryable, userId: number): Promise<CertificationRow | null> {
  const r = await q.query<CertificationRow>(
    `SELECT ${COLUMNS} FROM certifications c WHERE c.user_id = $1 ORDER BY c.id DESC LIMIT 1`,
    [userId],
  );
  return r.rows[0] ?? null;
}

export async function findCertification(q: Queryable, id: number, lock = false): Promise<CertificationRow | null> {
  const r = await q.query<CertificationRow>(
    `SELECT ${COLUMNS} FROM certifications c WHERE c.id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return r.rows[0] ?? null;
}

/** Who applied, for the staff detail view. */
export async function applicantOf(
  q: Queryable,
  userId: number,
): Promise<{ userName: string; userPhone: string | null }> {
  const r = await q.query<{ userName: string; userPhone: string | null }>(
    `SELECT COALESCE(NULLIF(nickname, ''), username, phone) AS "userName", phone AS "userPhone" FROM users WHERE id = $1`,
    [userId],
  );
  return r.rows[0];
}

/** Staff queue: certifications in one status with the applicant's account, oldest pending first. */
export async function listCertificationsForStaff(q: Queryable, status: number, page: number, pageSize: number) {
  const total = Number(
    (await q.query<{ n: number }>('SELECT count(*)::int AS n FROM certifications WHERE status = $1', [status])).rows[0]
      .n,
  );
  const r = await q.query<CertificationRow & { userName: string; userPhone: string | null }>(
    `SELECT ${COLUMNS}, COALESCE(NULLIF(u.nickname, ''), u.username, u.phone) AS "userName", u.phone AS "userPhone"
       FROM certifications c JOIN users u ON u.id = c.user_id WHERE c.status = $1
      ORDER BY c.id ${status === 0 ? 'ASC' : 'DESC'} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    [status],
  );
  return { list: r.rows, total };
}

/** Moves a certification from status `from` (guarded); true when it moved. */
export async function decideCertification(
  q: Queryable,
  id: number,
  from: number,
  to: number,
  fields: { reviewedBy: number | null; authLevel?: AuthLevel; rejectReason?: string },
): Promise<boolean> {
  const r = await q.query(
    `UPDATE certifications SET status = $3, reviewed_by = $4, reviewed_at = now(), auth_level = COALESCE($5, auth_level), reject_reason = $6
      WHERE id = $1 AND status = $2 RETURNING id`,
    [id, from, to, fields.reviewedBy, fields.authLevel ?? null, fields.rejectReason ?? null],
  );
  return r.rows.length > 0;
}

/** Earlier approved certifications of the user stop applying (status 3) once a new one is approved. */
export async function supersedeApproved(q: Queryable, userId: number, keepId: number): Promise<void> {
  await q.query('UPDATE certifications SET status = 3 WHERE user_id = $1 AND status = 1 AND id <> $2', [
    userId,
    keepId,
  ]);
}

export interface AccountStanding {
  ownerType: 'PERSONAL' | 'ORGANISATIONS';
  enhancedAuth: boolean;
  companyName: string | null;
}

export async function accountStanding(q: Queryable, userId: number, lock = false): Promise<AccountStanding> {
  const r = await q.query<AccountStanding>(
    `SELECT owner_type AS "ownerType", enhanced_auth AS "enhancedAuth", company_name AS "companyName" FROM users WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [userId],
  );
  return r.rows[0];
}

export async function setAccountStanding(q: Queryable, userId: number, s: AccountStanding): Promise<void> {
  await q.query('UPDATE users SET owner_type = $2, enhanced_auth = $3, company_name = $4 WHERE id = $1', [
    userId,
    s.ownerType,
    s.enhancedAuth,
    s.companyName,
  ]);
}
