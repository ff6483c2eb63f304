import type { Queryable } from '../db/index.js';

/**
 * SQL of traceability (migration 870): one owner's works, the records of a work's chain of title
 * and spread (uploads, deposits, registrations, licences sold, transfers, trace certificates), and
 * the trace certificates themselves. Rows come back raw; services/trace.ts turns them into events.
 */

export interface TraceWorkRow {
  id: number;
  title: string;
  type: number;
  status: number;
  owner_id: number;
  created_at: Date;
  cover_path: string | null;
  upload_sha256: string | null;
  upload_name: string | null;
}

const WORK_COLUMNS = `m.id, m.title, m.type, m.status, m.owner_id, m.created_at, m.cover_path, u.sha256 AS upload_sha256, u.filename AS upload_name`;

/** The user's works, newest first, with how many trace certificates each has. */
export async function ownedWorks(
  q: Queryable,
  ownerId: number,
  limit = 200,
): Promise<Array<TraceWorkRow & { certificates: number }>> {
  const r = await q.query(
    `SELECT ${WORK_COLUMNS}, (SELECT count(*) FROM trace_certificates c WHERE c.material_id = m.id)::int AS certificates
       FROM materials m LEFT JOIN uploads u ON u.id = m.upload_id
      WHERE m.owner_id = $1 ORDER BY m.created_at DESC, m.id DESC LIMIT $2`,
    [ownerId, limit],
  );
  return r.rows.map((w: any) => ({ ...w, id: Number(w.id), owner_id: Number(w.owner_id) }));
}

/** One work when the user owns it (else undefined: callers answer 404, never revealing others' works). */
export async function ownedWork(q: Queryable, ownerId: number, workId: number): Promise<TraceWorkRow | undefined> {
  const r = await q.query(
    `SELECT ${WORK_COLUMNS} FROM materials m LEFT JOIN uploads u ON u.id = m.upload_id WHERE m.id = $1 AND m.owner_id = $2`,
    [workId, ownerId],
  );
  const w = r.rows[0] as any;
  return w ? { ...w, id: Number(w.id), owner_id: Number(w.owner_id) } : undefined;
}

/** Completed deposits of the work (by material), and the catalogue's evidence badge when no deposit row carries it. */
export async function workDeposits(q: Queryable, workId: number, depositedStatus: number) {
  const r = await q.query(
    `SELECT d.id, d.cert_no, d.sha256, d.file_name, d.work_name, d.ledger_height, coalesce(d.deposited_at, d.created_at) AS at
       FROM evidence_deposits d WHERE d.material_id = $1 AND d.status = $2 AND d.cert_no IS NOT NULL
     UNION ALL
     SELECT NULL, e.cert_no, e.file_hash, NULL, NULL, (SELECT l.idx FROM evidence_log_leaves l WHERE l.cert_no = e.cert_no ORDER BY l.idx LIMIT 1), e.deposited_at
       FROM material_evidence e WHERE e.material_id = $1 AND NOT EXISTS (SELECT 1 FROM evidence_deposits d2 WHERE d2.cert_no = e.cert_no)
     ORDER BY at`,
    [workId, depositedStatus],
  );
  return r.rows as Array<{
    id: number | null;
    cert_no: string;
    sha256: string;
    file_name: string | null;
    work_name: string | null;
    ledger_height: number | null;
    at: Date;
  }>;
}

/**
 * The owner's registrations of the work. Registrations name a work by title, not by id: one belongs
 * to the work when its name is the work's title or the name of one of the work's deposits.
 */
export async function workRegistrations(q: Queryable, ownerId: number, names: string[]) {
  const r = await q.query(
    `SELECT id, kind, work_name, status, case_no, registration_no, issued_at, created_at FROM registrations
      WHERE user_id = $1 AND work_name = ANY($2::text[]) ORDER BY created_at, id`,
    [ownerId, names],
  );
  return r.rows as Array<{
    id: number;
    kind: 'copyright' | 'dci';
    work_name: string;
    status: number;
    case_no: string | null;
    registration_no: string | null;
    issued_at: Date | null;
    created_at: Date;
  }>;
}

/** Licences sold for the work, with the licensee as printed on the licence (the service masks it). */
export async function workLicences(q: Queryable, workId: number) {
  const r = await q.query(
    `SELECT id, scenario, level, licensee_type, licensee_name, created_at, revoked_at FROM licences WHERE material_id = $1 ORDER BY created_at, id LIMIT 500`,
    [workId],
  );
  return r.rows as Array<{
    id: number;
    scenario: string;
    level: string;
    licensee_type: string;
    licensee_name: string;
    created_at: Date;
    revoked_at: Date | null;
  }>;
}

/** Copyright-trading deals resting on one of the given deposits or registrations (completed ones carry their log leaf). */
export async function workTransfers(q: Queryable, depositIds: number[], registrationIds: number[]) {
  const r = await q.query(
    `SELECT d.id, d.status, d.price_cents, d.ledger_height, d.completed_at, d.created_at, l.mode, l.work_name, b.nickname AS buyer_name, b.company_name AS buyer_company
       FROM copyright_deals d JOIN copyright_listings l ON l.id = d.listing_id JOIN users b ON b.id = d.buyer_id
      WHERE d.status = 'completed'
        AND ((l.proof_type = 'deposit' AND l.proof_id = ANY($1::bigint[])) OR (l.proof_type = 'registration' AND l.proof_id = ANY($2::bigint[])))
      ORDER BY d.completed_at, d.id`,
    [depositIds, registrationIds],
  );
  return r.rows as Array<{
    id: number;
    status: string;
    price_cents: number;
    ledger_height: number | null;
    completed_at: Date;
    created_at: Date;
    mode: 'transfer' | 'licence';
    work_name: string;
    buyer_name: string | null;
    buyer_company: string | null;
  }>;
}

export interface TraceCertRow {
  id: number;
  user_id: number;
  material_id: number;
  cert_no: string;
  sha256: string;
  file_key: string;
  events: unknown[];
  ledger_height: number;
  job_id: number | null;
  created_at: Date;
}

const certRow = (r: any): TraceCertRow => ({
  ...r,
  id: Number(r.id),
  user_id: Number(r.user_id),
  material_id: Number(r.material_id),
  ledger_height: Number(r.ledger_height),
  job_id: r.job_id == null ? null : Number(r.job_id),
});

export async function workCertificates(q: Queryable, workId: number): Promise<TraceCertRow[]> {
  return (
    await q.query('SELECT * FROM trace_certificates WHERE material_id = $1 ORDER BY created_at, id', [workId])
  ).rows.map(certRow);
}

/** A certificate with its work's title and the holder's public name (what the public check shows). */
export async function certificateByNo(
  q: Queryable,
  certNo: string,
): Promise<(TraceCertRow & { work_title: string; owner: string }) | undefined> {
  const r = (
    await q.query(
      `SELECT c.*, m.title AS work_title, coalesce(u.company_name, u.nickname, u.username, '') AS owner
       FROM trace_certificates c JOIN materials m ON m.id = c.material_id JOIN users u ON u.id = c.user_id WHERE c.cert_no = $1`,
      [certNo],
    )
  ).rows[0];
  return r ? { ...certRow(r), work_title: r.work_title, owner: r.owner } : undefined;
}

/** The next certificate id, taken before the PDF is drawn (its number is printed on it). */
export async function nextCertificateId(q: Queryable): Promise<number> {
  return Number((await q.query<{ id: string }>("SELECT nextval('trace_certificates_id_seq') AS id")).rows[0].id);
}

export async function insertCertificate(q: Queryable, c: Omit<TraceCertRow, 'created_at'>): Promise<void> {
  await q.query(
    `INSERT INTO trace_certificates(id, user_id, material_id, cert_no, sha256, file_key, events, ledger_height, job_id) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)`,
    [
      c.id,
      c.user_id,
      c.material_id,
      c.cert_no,
      c.sha256,
      c.file_key,
      JSON.stringify(c.events),
      c.ledger_height,
      c.job_id,
    ],
  );
}

/** The certificate a job already issued (its earlier run committed), if any. */
export async function certificateOfJob(q: Queryable, jobId: number): Promise<TraceCertRow | undefined> {
  const r = (await q.query('SELECT * FROM trace_certificates WHERE job_id = $1', [jobId])).rows[0];
  return r ? certRow(r) : undefined;
}

/** The holder's name printed on a certificate: company, else nickname, else username. */
export async function ownerName(q: Queryable, userId: number): Promise<string> {
  const r = (
    await q.query("SELECT coalesce(company_name, nickname, username, '') AS name FROM users WHERE id = $1", [userId])
  ).rows[0];
  return r?.name ?? '';
}
