import type { Db, Queryable } from '../db/index.js';
import type { Office, OfficeDecision } from '../adapters/sandbox-office.js';
import { insertOfficeNotification, setOfficeNotificationResult } from '../repositories/office-notifications.js';

/** What a verified office decision did (stored as office_notifications.result, except 'duplicate'). */
export type DecisionOutcome = 'applied' | 'duplicate' | 'unknown_case' | 'out_of_state';

/**
 * Applies a verified office decision once, in one transaction: the notification stored under
 * UNIQUE(office, notify_id) (a replay stops there), then `apply`, whose outcome is recorded.
 * Shared by registrations (copyright authority) and notarizations (notary office).
 */
export function applyOnce(
  db: Db,
  office: Office,
  d: OfficeDecision,
  apply: (t: Queryable) => Promise<Exclude<DecisionOutcome, 'duplicate'>>,
): Promise<DecisionOutcome> {
  return db.tx(async (t) => {
    const rowId = await insertOfficeNotification(t, {
      office,
      notifyId: d.notifyId,
      caseNo: d.caseNo,
      decision: d.decision,
    });
    if (rowId === null) return 'duplicate';
    const outcome = await apply(t);
    await setOfficeNotificationResult(t, rowId, outcome);
    return outcome;
  });
}
