import type { Queryable } from '../db/index.js';
import type { Office } from './sandbox-office-cases.js';

/** Stores a verified office decision once; null when this notification was applied before (a replay). */
export async function insertOfficeNotification(
  q: Queryable,
  n: { office: Office; notifyId: string; caseNo: string; decision: string },
): Promise<number | null> {
  const r = await q.query<{ id: number }>(
    `INSERT INTO office_notifications(office, notify_id, case_no, decision) VALUES ($1, $2, $3, $4)
     ON CONFLICT (office, notify_id) DO NOTHING RETURNING id`,
    [n.office, n.notifyId, n.caseNo, n.decision],
  );
  return r.rows[0] ? Number(r.rows[0].id) : null;
}

export async function setOfficeNotificationResult(q: Queryable, id: number, result: string): Promise<void> {
  await q.query('UPDATE office_notifications SET result = $2 WHERE id = $1', [id, result]);
}
