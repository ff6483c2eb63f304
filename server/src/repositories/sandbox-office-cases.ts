import type { Queryable } from '../db/index.js';

/** The sandbox offices' own store (copyright authority, notary): what they received and decided. */
export type Office = 'authority' | 'notary';

export interface SandboxCase {
  id: number;
  office: Office;
  caseNo: string;
  applicationNo: string;
  payload: Record<string, any>;
  state: string;
  lastDecision: string | null;
  resubmittedAt: Date | null;
  createdAt: Date;
}
const COLUMNS = `id, office, case_no AS "caseNo", application_no AS "applicationNo", payload, state, last_decision AS "lastDecision",
  resubmitted_at AS "resubmittedAt", created_at AS "createdAt"`;

/** Records an application once per application number; a repeat answers the first case. */
export async function receiveCase(
  q: Queryable,
  office: Office,
  caseNo: string,
  applicationNo: string,
  payload: unknown,
): Promise<SandboxCase> {
  await q.query(
    `INSERT INTO sandbox_office_cases(office, case_no, application_no, payload) VALUES ($1, $2, $3, $4)
     ON CONFLICT (office, application_no) DO NOTHING`,
    [office, caseNo, applicationNo, JSON.stringify(payload)],
  );
  return (
    await q.query<SandboxCase>(
      `SELECT ${COLUMNS} FROM sandbox_office_cases WHERE office = $1 AND application_no = $2`,
      [office, applicationNo],
    )
  ).rows[0];
}

export async function resubmitCase(q: Queryable, office: Office, caseNo: string, payload: unknown): Promise<boolean> {
  const r = await q.query(
    `UPDATE sandbox_office_cases SET payload = $3, state = 'resubmitted', resubmitted_at = now(), updated_at = now() WHERE office = $1 AND case_no = $2`,
    [office, caseNo, JSON.stringify(payload)],
  );
  return r.rowCount === 1;
}

export async function findCase(q: Queryable, office: Office, caseNo: string): Promise<SandboxCase | null> {
  return (
    (
      await q.query<SandboxCase>(`SELECT ${COLUMNS} FROM sandbox_office_cases WHERE office = $1 AND case_no = $2`, [
        office,
        caseNo,
      ])
    ).rows[0] ?? null
  );
}

export async function listCases(q: Queryable, office: Office, limit = 50): Promise<SandboxCase[]> {
  return (
    await q.query<SandboxCase>(
      `SELECT ${COLUMNS} FROM sandbox_office_cases WHERE office = $1 ORDER BY id DESC LIMIT $2`,
      [office, limit],
    )
  ).rows;
}

export async function recordCaseDecision(
  q: Queryable,
  office: Office,
  caseNo: string,
  decision: string,
): Promise<void> {
  await q.query(
    `UPDATE sandbox_office_cases SET state = $3, last_decision = $3, updated_at = now() WHERE office = $1 AND case_no = $2`,
    [office, caseNo, decision],
  );
}
