import type { Db, Queryable } from '../db/index.js';
import { OfficeRefusal, type Office, type OfficeDecision } from '../adapters/sandbox-office.js';
import { AppError } from '../http/envelope.js';
import { enqueue } from '../jobs/index.js';
import {
  claimOfficeNotification,
  lockCaseRecord,
  setCaseSeq,
  setOfficeNotificationResult,
} from '../repositories/office-notifications.js';
import { OFFICE_CASES } from '../../../src/schemas/cyprotect/office-cases.js';

/**
 * What a verified office decision did (stored as office_notifications.result, except 'duplicate'):
 * 'deferred' when earlier decisions of the case have not arrived (a status query job fetches them
 * and applies all in order), 'stale' when the case is already past it.
 */
export type DecisionOutcome = 'applied' | 'duplicate' | 'unknown_case' | 'out_of_state' | 'deferred' | 'stale';

/** The job that asks an office for a case's status and applies the decisions the product missed. */
export const OFFICE_RECONCILE_TASK = 'office.reconcile';

/**
 * Applies a verified office decision once and in the office's order, in one transaction: the
 * notification stored under UNIQUE(office, notify_id) (a replay stops there, unless it was deferred),
 * the record locked with the last sequence number it applied; the next one is applied by `apply`,
 * a later one waits for the status query job, an earlier one changes nothing.
 * Shared by registrations (copyright authority) and notarizations (notary office).
 */
export function applyOnce(
  db: Db,
  office: Office,
  d: OfficeDecision,
  apply: (t: Queryable, id: number) => Promise<'applied' | 'out_of_state'>,
): Promise<DecisionOutcome> {
  return db.tx(async (t) => {
    const rowId = await claimOfficeNotification(t, {
      office,
      notifyId: d.notifyId,
      caseNo: d.caseNo,
      decision: d.decision,
    });
    if (rowId === null) return 'duplicate';
    const record = await lockCaseRecord(t, office, d.caseNo);
    let outcome: Exclude<DecisionOutcome, 'duplicate'>;
    if (!record) outcome = 'unknown_case';
    else if (d.seq <= record.seq) outcome = 'stale';
    else if (d.seq > record.seq + 1) {
      outcome = 'deferred';
      await enqueue(t, OFFICE_RECONCILE_TASK, { office, caseNo: d.caseNo }, { dedupeKey: `${office}:${d.caseNo}` });
    } else {
      outcome = await apply(t, record.id);
      // A refused move still uses up its number: the office's history went on without us.
      await setCaseSeq(t, office, record.id, d.seq);
    }
    await setOfficeNotificationResult(t, rowId, outcome);
    return outcome;
  });
}

/**
 * A record's status moves for an office's decisions, derived from the shared machine
 * (src/schemas/cyprotect/office-cases.ts) and the record's status for each office state: a decision
 * may move the record from the statuses of the states the office may take it from.
 */
export function movesFromMachine<D extends string>(
  office: Office,
  statusOf: Record<string, number>,
  titles: Record<D, string>,
): Record<D, { from: number[]; to: number; title: string }> {
  const machine = OFFICE_CASES[office];
  return Object.fromEntries(
    (Object.keys(titles) as D[]).map((decision) => {
      const move = machine.decisions[decision];
      const from = [...new Set(move.from.map((s) => statusOf[s]))];
      return [decision, { from, to: statusOf[move.to], title: titles[decision] }];
    }),
  ) as Record<D, { from: number[]; to: number; title: string }>;
}

/**
 * A record about to be withdrawn: the office withdraws the application first. When it has moved on
 * (a decision the product has not heard of yet), the withdrawal is refused with `refused` and a
 * status query is queued so the record catches up. A record never filed needs nobody's consent.
 */
export async function withdrawAtOffice(
  db: Db,
  office: Office,
  adapter: { withdraw(caseNo: string): Promise<void> },
  caseNo: unknown,
  refused: string,
): Promise<void> {
  if (typeof caseNo !== 'string' || !caseNo) return;
  try {
    await adapter.withdraw(caseNo);
  } catch (err) {
    if (!(err instanceof OfficeRefusal)) throw err;
    await enqueue(db, OFFICE_RECONCILE_TASK, { office, caseNo }, { dedupeKey: `${office}:${caseNo}` });
    throw new AppError(409, refused);
  }
}
