import type { Queryable } from '../db/index.js';

export interface AuditEntry {
  actorId: number | null;
  action: string;
  targetType: string;
  targetId: number | string;
  before?: unknown;
  after?: unknown;
  note?: string;
  ip?: string | null;
}

export async function insertAuditEntry(q: Queryable, e: AuditEntry): Promise<number> {
  const r = await q.query<{ id: number }>(
    `INSERT INTO audit_log(actor_id, action, target_type, target_id, before, after, note, ip)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      e.actorId,
      e.action,
      e.targetType,
      String(e.targetId),
      e.before === undefined ? null : JSON.stringify(e.before),
      e.after === undefined ? null : JSON.stringify(e.after),
      e.note ?? '',
      e.ip ?? null,
    ],
  );
  return Number(r.rows[0].id);
}

export interface AuditFilter {
  action?: string;
  targetType?: string;
  targetId?: string;
  actorId?: number;
  page: number;
  pageSize: number;
}

/** Newest first, with the actor's display name; filters are exact matches (action also by prefix "certification."). */
export async function listAuditEntries(q: Queryable, f: AuditFilter) {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, v: unknown) => {
    params.push(v);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (f.action) f.action.endsWith('.') ? add('a.action LIKE ?', `${f.action}%`) : add('a.action = ?', f.action);
  if (f.targetType) add('a.target_type = ?', f.targetType);
  if (f.targetId) add('a.target_id = ?', f.targetId);
  if (f.actorId) add('a.actor_id = ?', f.actorId);
  const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = Number(
    (await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log a ${w}`, params)).rows[0].n,
  );
  const r = await q.query(
    `SELECT a.id, a.actor_id AS "actorId", COALESCE(NULLIF(u.nickname, ''), u.username, u.phone) AS "actorName",
            a.action, a.target_type AS "targetType", a.target_id AS "targetId", a.before, a.after, a.note, a.ip, a.created_at AS "createdAt"
       FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id ${w}
      ORDER BY a.id DESC LIMIT ${f.pageSize} OFFSET ${(f.page - 1) * f.pageSize}`,
    params,
  );
  return { list: r.rows, total };
}
