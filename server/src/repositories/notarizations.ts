import type { Queryable } from '../db/index.js';
import { col } from '../http/list-query.js';
import type { OwnedTable } from './owned-records.js';

/** Notarization statuses (lumen:status/notarization). */
export const NOTARY = { SUBMITTED: 0, ACCEPTED: 1, INFO: 2, ISSUED: 3, REFUSED: 4, WITHDRAWN: 5 } as const;

export const notarizationTable: OwnedTable = {
  table: 'notarizations',
  owner: 'user_id',
  select: `id, evidence_type, evidence_id, evidence_title, evidence_digest, form, status, case_no, request, certificate_no,
    issued_at, created_at, updated_at`,
  list: {
    columns: {
      id: col.bigint('id', '申请编号'),
      status: col.smallint('status', '状态'),
      evidence_type: col.text('evidence_type', '证据类型'),
      evidence_title: col.text('evidence_title', '证据名称'),
      created_at: col.time('created_at', '申请时间'),
    },
    sortable: ['status', 'created_at'],
    defaultSort: { field: 'created_at', order: 'desc' },
  },
};

export type EvidenceType = 'deposit' | 'registration';
export interface EvidenceItem {
  type: EvidenceType;
  id: number;
  title: string;
  digest: string;
  certNo: string;
}

/** The user's items a notary can attest: completed deposits and issued registrations. */
const EVIDENCE_SQL = `
  SELECT 'deposit' AS type, d.id, d.work_name AS title, d.sha256 AS digest, d.cert_no AS "certNo", d.created_at
    FROM evidence_deposits d WHERE d.user_id = $1 AND d.cert_no IS NOT NULL
  UNION ALL
  SELECT 'registration' AS type, r.id, r.work_name AS title, r.registration_no AS digest, r.registration_no AS "certNo", r.created_at
    FROM registrations r WHERE r.user_id = $1 AND r.status = 2 AND r.registration_no IS NOT NULL`;

export async function evidenceItems(q: Queryable, userId: number): Promise<EvidenceItem[]> {
  const r = await q.query<EvidenceItem>(
    `SELECT type, id, title, digest, "certNo" FROM (${EVIDENCE_SQL}) e ORDER BY created_at DESC LIMIT 200`,
    [userId],
  );
  return r.rows.map((x) => ({ ...x, id: Number(x.id) }));
}

/** One of the user's items, or null when it is not theirs or not attestable. */
export async function evidenceItem(
  q: Queryable,
  userId: number,
  type: EvidenceType,
  id: number,
): Promise<EvidenceItem | null> {
  const r = await q.query<EvidenceItem>(
    `SELECT type, id, title, digest, "certNo" FROM (${EVIDENCE_SQL}) e WHERE type = $2 AND id = $3`,
    [userId, type, id],
  );
  return r.rows[0] ? { ...r.rows[0], id: Number(r.rows[0].id) } : null;
}

export async function insertNotarization(
  q: Queryable,
  userId: number,
  e: EvidenceItem,
  form: Record<string, unknown>,
): Promise<number> {
  const r = await q.query<{ id: number }>(
    `INSERT INTO notarizations(user_id, evidence_type, evidence_id, evidence_title, evidence_digest, form) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [userId, e.type, e.id, e.title, e.digest, JSON.stringify(form)],
  );
  return Number(r.rows[0].id);
}

export interface NotaryFilingRow {
  id: number;
  userId: number;
  status: number;
  caseNo: string | null;
  evidenceType: EvidenceType;
  evidenceId: number;
  evidenceTitle: string;
  evidenceDigest: string;
  certNo: string | null;
  form: Record<string, any>;
  request: Record<string, any> | null;
}

export async function notarizationFiling(q: Queryable, id: number): Promise<NotaryFilingRow | null> {
  const r = await q.query<NotaryFilingRow>(
    `SELECT n.id, n.user_id AS "userId", n.status, n.case_no AS "caseNo", n.evidence_type AS "evidenceType", n.evidence_id AS "evidenceId",
       n.evidence_title AS "evidenceTitle", n.evidence_digest AS "evidenceDigest", n.form, n.request,
       CASE WHEN n.evidence_type = 'deposit' THEN (SELECT d.cert_no FROM evidence_deposits d WHERE d.id = n.evidence_id) END AS "certNo"
     FROM notarizations n WHERE n.id = $1`,
    [id],
  );
  const row = r.rows[0];
  return row ? { ...row, id: Number(row.id), userId: Number(row.userId), evidenceId: Number(row.evidenceId) } : null;
}

export async function setNotaryCaseNo(q: Queryable, id: number, caseNo: string): Promise<void> {
  await q.query('UPDATE notarizations SET case_no = $2 WHERE id = $1 AND case_no IS NULL', [id, caseNo]);
}

export async function notarizationIdByCase(q: Queryable, caseNo: string): Promise<number | null> {
  const r = await q.query<{ id: number }>('SELECT id FROM notarizations WHERE case_no = $1', [caseNo]);
  return r.rows[0] ? Number(r.rows[0].id) : null;
}

/** Conditional status move (only from `from`), setting the decision's columns; the owner and title when it moved. */
export async function moveNotarization(
  q: Queryable,
  id: number,
  from: number[],
  to: number,
  set: {
    request?: unknown;
    certificateNo?: string;
    certificateKey?: string;
    issued?: boolean;
    supplement?: string;
  } = {},
): Promise<{ userId: number; title: string } | null> {
  const r = await q.query<{ userId: number; title: string }>(
    `UPDATE notarizations SET status = $3::int, updated_at = now(),
       request = CASE WHEN $3::int = 2 THEN $4::jsonb ELSE request END,
       certificate_no = COALESCE($5, certificate_no), certificate_key = COALESCE($6, certificate_key),
       issued_at = CASE WHEN $7 THEN now() ELSE issued_at END,
       form = CASE WHEN $8::text IS NULL THEN form ELSE jsonb_set(form, '{supplement}', to_jsonb($8::text)) END
     WHERE id = $1 AND status = ANY($2::int[]) RETURNING user_id AS "userId", evidence_title AS title`,
    [
      id,
      from,
      to,
      set.request === undefined ? null : JSON.stringify(set.request),
      set.certificateNo ?? null,
      set.certificateKey ?? null,
      !!set.issued,
      set.supplement ?? null,
    ],
  );
  return r.rows[0] ? { userId: Number(r.rows[0].userId), title: r.rows[0].title } : null;
}

export async function insertNotarizationEvent(
  q: Queryable,
  id: number,
  status: number,
  title: string,
  message = '',
): Promise<void> {
  await q.query('INSERT INTO notarization_events(notarization_id, status, title, message) VALUES ($1, $2, $3, $4)', [
    id,
    status,
    title,
    message,
  ]);
}

export async function notarizationEvents(q: Queryable, id: number) {
  return (
    await q.query(
      `SELECT id, status, title, message, created_at AS "createdAt" FROM notarization_events WHERE notarization_id = $1 ORDER BY id`,
      [id],
    )
  ).rows;
}

export async function notaryCertificateKey(q: Queryable, id: number): Promise<string | null> {
  return (
    (await q.query<{ k: string | null }>('SELECT certificate_key AS k FROM notarizations WHERE id = $1', [id])).rows[0]
      ?.k ?? null
  );
}
