import type { Queryable } from '../db/index.js';

/** The sandbox offices' own store (copyright authority, notary): what they received and decided. */
export type Office = 'authority' | 'notary';

export interface SandboxCase {
  id: number;
  office: Office;
  caseNo: string;
  applicationNo: string;
  payload: Record<string, any>;
  /** The case's state in the office's machine (src/schemas/cyprotect/office-cases.ts). */
  state: string;
  lastDecision: string | null;
  /** Decisions taken so far; each callback carries its number. */
  seq: number;
  /** Every signed decision callback, in order: what the office's status query answers. */
  decisions: Record<string, string>[];
  /** Callbacks the sandbox page held back instead of sending (to deliver later, out of order). */
  held: Record<string, string>[];
  resubmittedAt: Date | null;
  createdAt: Date;
}
const COLUMNS = `id, office, case_no AS "caseNo", application_no AS "applicationNo", payload, state, last_decision AS "lastDecision",
  resubmitted_at AS "resubmittedAt", created_at AS "createdAt", seq, decisions, held`;

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

/** The applicant's new application; only from the states `from` lists (false: unknown case or not there). */
export async function resubmitCase(
  q: Queryable,
  office: Office,
  caseNo: string,
  payload: unknown,
  move: { from: readonly string[]; to: string },
): Promise<boolean> {
  const r = await q.query(
    `UPDATE sandbox_office_cases SET payload = $3, state = $5, resubmitted_at = now(), updated_at = now()
     WHERE office = $1 AND case_no = $2 AND state = ANY($4::text[])`,
    [office, caseNo, JSON.stringify(payload), [...move.from], move.to],
  );
  return r.rowCount === 1;
}

/** The applicant's withdrawal; only from the states `from` lists. */
export async function withdrawCase(
  q: Queryable,
  office: Office,
  caseNo: string,
  move: { from: readonly string[]; to: string },
): Promise<boolean> {
  const r = await q.query(
    `UPDATE sandbox_office_cases SET state = $4, updated_at = now() WHERE office = $1 AND case_no = $2 AND state = ANY($3::text[])`,
    [office, caseNo, [...move.from], move.to],
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

/**
 * Records a decision taken from state `from` (a concurrent decision that moved the case first makes
 * this one miss: false), with its signed callback as the next in the case's history.
 */
export async function recordCaseDecision(
  q: Queryable,
  office: Office,
  caseNo: string,
  move: { from: string; to: string; decision: string; seq: number; callback: Record<string, string> },
): Promise<boolean> {
  const r = await q.query(
    `UPDATE sandbox_office_cases SET state = $4, last_decision = $5, seq = $6,
       decisions = decisions || $7::jsonb, updated_at = now()
     WHERE office = $1 AND case_no = $2 AND state = $3 AND seq = $6 - 1`,
    [office, caseNo, move.from, move.to, move.decision, move.seq, JSON.stringify([move.callback])],
  );
  return r.rowCount === 1;
}

/** Keeps a callback back (the sandbox page's 暂缓送达), or hands all held ones out, oldest first. */
export async function holdCallback(q: Queryable, office: Office, caseNo: string, callback: Record<string, string>) {
  await q.query(`UPDATE sandbox_office_cases SET held = held || $3::jsonb WHERE office = $1 AND case_no = $2`, [
    office,
    caseNo,
    JSON.stringify([callback]),
  ]);
}

export async function takeHeldCallbacks(
  q: Queryable,
  office: Office,
  caseNo: string,
): Promise<Record<string, string>[]> {
  const r = await q.query<{ held: Record<string, string>[] }>(
    `UPDATE sandbox_office_cases c SET held = '[]'::jsonb FROM (SELECT id, held FROM sandbox_office_cases
       WHERE office = $1 AND case_no = $2 FOR UPDATE) old WHERE c.id = old.id RETURNING old.held`,
    [office, caseNo],
  );
  return r.rows[0]?.held ?? [];
}
