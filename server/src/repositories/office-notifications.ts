import type { Queryable } from '../db/index.js';
import type { Office } from './sandbox-office-cases.js';

/**
 * Stores a verified office decision once; null when it was taken before (a replay). A decision
 * deferred for an earlier one that had not arrived may be taken again (by the status query job).
 */
export async function claimOfficeNotification(
  q: Queryable,
  n: { office: Office; notifyId: string; caseNo: string; decision: string },
): Promise<number | null> {
  const r = await q.query<{ id: number }>(
    `INSERT INTO office_notifications(office, notify_id, case_no, decision) VALUES ($1, $2, $3, $4)
     ON CONFLICT (office, notify_id) DO UPDATE SET result = 'received'
       WHERE office_notifications.result = 'deferred'
     RETURNING id`,
    [n.office, n.notifyId, n.caseNo, n.decision],
  );
  return r.rows[0] ? Number(r.rows[0].id) : null;
}

/** The product's record of an office case (a registration, a notarization). */
const RECORD_TABLE: Record<Office, string> = { authority: 'registrations', notary: 'notarizations' };

/** Locks the record of a case and reads the office sequence number it last applied. */
export async function lockCaseRecord(
  q: Queryable,
  office: Office,
  caseNo: string,
): Promise<{ id: number; seq: number } | null> {
  const r = await q.query<{ id: number; seq: number }>(
    `SELECT id, office_seq AS seq FROM ${RECORD_TABLE[office]} WHERE case_no = $1 FOR UPDATE`,
    [caseNo],
  );
  return r.rows[0] ? { id: Number(r.rows[0].id), seq: Number(r.rows[0].seq) } : null;
}

export async function setCaseSeq(q: Queryable, office: Office, id: number, seq: number): Promise<void> {
  await q.query(`UPDATE ${RECORD_TABLE[office]} SET office_seq = $2 WHERE id = $1`, [id, seq]);
}

/** Cases still open at an office whose record has not changed for `quietMs`: candidates for a status query. */
export async function quietOpenCases(
  q: Queryable,
  office: Office,
  openStatuses: number[],
  quietMs: number,
): Promise<string[]> {
  const r = await q.query<{ caseNo: string }>(
    `SELECT case_no AS "caseNo" FROM ${RECORD_TABLE[office]}
     WHERE case_no IS NOT NULL AND status = ANY($1::int[]) AND updated_at < now() - make_interval(secs => $2)
     ORDER BY id LIMIT 500`,
    [openStatuses, quietMs / 1000],
  );
  return r.rows.map((x) => x.caseNo);
}

export async function setOfficeNotificationResult(q: Queryable, id: number, result: string): Promise<void> {
  await q.query('UPDATE office_notifications SET result = $2 WHERE id = $1', [id, result]);
}
