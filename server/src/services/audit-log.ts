/**
 * The back-office audit log: every staff action records who did what to which record, with the
 * record's state before and after. Call recordAudit inside the transaction that makes the change
 * (pass its Queryable), so the action and its record commit or roll back together:
 *
 *   await db.tx(async (t) => {
 *     const before = await lockThing(t, id);
 *     const after = await changeThing(t, id, ...);
 *     await recordAudit(t, req, staff, { action: 'thing.approve', targetType: 'thing', targetId: id, before, after });
 *   });
 *
 * Staff read it at /admin/audit (GET /api/admin/audit-log/list).
 */
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/index.js';
import { insertAuditEntry, type AuditEntry } from '../repositories/audit-log.js';

export type AuditAction = Omit<AuditEntry, 'actorId' | 'ip'>;

/** Records one staff action; `req` gives the client address, `actor` the staff member (null: the system). */
export async function recordAudit(
  q: Queryable,
  req: Pick<FastifyRequest, 'ip'> | null,
  actor: { id: number | string } | null,
  action: AuditAction,
): Promise<number> {
  return insertAuditEntry(q, { ...action, actorId: actor ? Number(actor.id) : null, ip: req?.ip ?? null });
}
