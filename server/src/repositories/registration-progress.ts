import type { Queryable } from '../db/index.js';

/** A registration as filed with the authority (files with their hashes, the applicant's name). */
export interface FilingRow {
  id: number;
  userId: number;
  kind: 'copyright' | 'dci';
  workName: string;
  workCategory: number;
  form: Record<string, unknown>;
  files: Array<{ name: string; size: number; sha256: string }>;
  status: number;
  caseNo: string | null;
  applicantName: string;
  applicantType: string;
}

export async function filingOf(q: Queryable, id: number): Promise<FilingRow | null> {
  const r = await q.query<FilingRow>(
    `SELECT r.id, r.user_id AS "userId", r.kind, r.work_name AS "workName", r.work_category AS "workCategory", r.form, r.files, r.status,
       r.case_no AS "caseNo", u.owner_type AS "applicantType",
       CASE WHEN u.owner_type = 'ORGANISATIONS' THEN COALESCE(u.company_name, u.nickname) ELSE COALESCE(u.nickname, u.username, u.phone) END AS "applicantName"
     FROM registrations r JOIN users u ON u.id = r.user_id WHERE r.id = $1`,
    [id],
  );
  const row = r.rows[0];
  return row ? { ...row, id: Number(row.id), userId: Number(row.userId) } : null;
}

export async function setCaseNo(q: Queryable, id: number, caseNo: string): Promise<void> {
  await q.query('UPDATE registrations SET case_no = $2 WHERE id = $1 AND case_no IS NULL', [id, caseNo]);
}

export async function registrationIdByCase(q: Queryable, caseNo: string): Promise<number | null> {
  const r = await q.query<{ id: number }>('SELECT id FROM registrations WHERE case_no = $1', [caseNo]);
  return r.rows[0] ? Number(r.rows[0].id) : null;
}

/**
 * Moves a registration to a new status only from the states the decision fits (atomic: a late or
 * repeated decision changes nothing), setting the decision's columns. Returns the owner when it moved.
 */
export async function moveRegistration(
  q: Queryable,
  id: number,
  from: number[],
  to: number,
  set: { correction?: unknown; registrationNo?: string; certificateKey?: string; issued?: boolean } = {},
): Promise<{ userId: number; kind: string; workName: string } | null> {
  const r = await q.query<{ userId: number; kind: string; workName: string }>(
    `UPDATE registrations SET status = $3::int, updated_at = now(),
       correction = CASE WHEN $3::int = 3 THEN $4::jsonb ELSE NULL END,
       registration_no = COALESCE($5, registration_no), certificate_key = COALESCE($6, certificate_key),
       issued_at = CASE WHEN $7 THEN now() ELSE issued_at END
     WHERE id = $1 AND status = ANY($2::int[]) RETURNING user_id AS "userId", kind, work_name AS "workName"`,
    [
      id,
      from,
      to,
      set.correction === undefined ? null : JSON.stringify(set.correction),
      set.registrationNo ?? null,
      set.certificateKey ?? null,
      !!set.issued,
    ],
  );
  const row = r.rows[0];
  return row ? { ...row, userId: Number(row.userId) } : null;
}

export async function insertRegistrationEvent(
  q: Queryable,
  id: number,
  status: number,
  title: string,
  message = '',
): Promise<void> {
  await q.query('INSERT INTO registration_events(registration_id, status, title, message) VALUES ($1, $2, $3, $4)', [
    id,
    status,
    title,
    message,
  ]);
}

export async function registrationEvents(q: Queryable, id: number) {
  const r = await q.query(
    `SELECT id, status, title, message, created_at AS "createdAt" FROM registration_events WHERE registration_id = $1 ORDER BY id`,
    [id],
  );
  return r.rows;
}

/** What the public certificate page shows of an issued registration (nothing of others). */
export async function issuedRegistration(q: Queryable, id: number) {
  const r = await q.query<{
    id: number;
    kind: string;
    workName: string;
    workCategory: number;
    registrationNo: string;
    issuedAt: Date;
    certificateKey: string | null;
    holder: string;
  }>(
    `SELECT r.id, r.kind, r.work_name AS "workName", r.work_category AS "workCategory", r.registration_no AS "registrationNo",
       r.issued_at AS "issuedAt", r.certificate_key AS "certificateKey",
       CASE WHEN u.owner_type = 'ORGANISATIONS' THEN COALESCE(u.company_name, u.nickname) ELSE COALESCE(u.nickname, u.username) END AS holder
     FROM registrations r JOIN users u ON u.id = r.user_id WHERE r.id = $1 AND r.status = 2 AND r.registration_no IS NOT NULL`,
    [id],
  );
  return r.rows[0] ?? null;
}

/** The stored certificate of a registration (null until issued). */
export async function certificateKeyOf(q: Queryable, id: number): Promise<string | null> {
  return (
    (await q.query<{ k: string | null }>('SELECT certificate_key AS k FROM registrations WHERE id = $1', [id])).rows[0]
      ?.k ?? null
  );
}
