import type { Queryable } from '../db/index.js';
import { parseListQuery, type ListSpec } from '../http/list-query.js';

/**
 * SQL for records that belong to one user. Table, owner column and scope come from module code
 * (constants), never from a request; values always travel as parameters. A row of another user
 * is simply not found, so callers answer 404 for it.
 */
export interface OwnedTable {
  table: string;
  owner: string;
  /** Extra constant condition, e.g. "kind = 'dci'". */
  scope?: string;
  /** SELECT list; `form` (jsonb) is merged into the answer by the route layer. */
  select: string;
  list: ListSpec;
}

const whereOwned = (t: OwnedTable, ownerParam: number) => [
  `${t.owner} = $${ownerParam}`,
  ...(t.scope ? [t.scope] : []),
];

export async function listOwned(q: Queryable, t: OwnedTable, userId: number, query: Record<string, unknown>) {
  const params: unknown[] = [userId];
  const l = parseListQuery(query, t.list, params);
  const where = [...whereOwned(t, 1), ...l.where].join(' AND ');
  const [rows, count] = await Promise.all([
    q.query(
      `SELECT ${t.select} FROM ${t.table} WHERE ${where} ORDER BY ${l.orderBy}, id DESC LIMIT ${l.limit} OFFSET ${l.offset}`,
      l.params,
    ),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t.table} WHERE ${where}`, l.params),
  ]);
  return { list: rows.rows, total: Number(count.rows[0].n) };
}

export async function getOwned(q: Queryable, t: OwnedTable, userId: number, id: number) {
  const r = await q.query(`SELECT ${t.select} FROM ${t.table} WHERE id = $2 AND ${whereOwned(t, 1).join(' AND ')}`, [
    userId,
    id,
  ]);
  return r.rows[0] as Record<string, any> | undefined;
}

/**
 * Atomic state change: only from the allowed statuses, only the owner's row. Returns false when
 * nothing matched (missing, foreign or in the wrong state); the caller tells those apart.
 */
export async function transitionOwned(
  q: Queryable,
  t: OwnedTable,
  userId: number,
  id: number,
  from: number[],
  to: number,
): Promise<boolean> {
  const stamp = t.table === 'materials' ? '' : ', updated_at = now()';
  const r = await q.query(
    `UPDATE ${t.table} SET status = $3${stamp} WHERE id = $2 AND status = ANY($4::int[]) AND ${whereOwned(t, 1).join(' AND ')} RETURNING id`,
    [userId, id, to, from],
  );
  return r.rowCount > 0;
}

/** A column value computed by SQL around its parameter, e.g. array_to_tsvector($n::text[]). */
export interface SqlValue {
  wrap: (param: string) => string;
  value: unknown;
}
const isSqlValue = (v: unknown): v is SqlValue =>
  !!v && typeof v === 'object' && typeof (v as SqlValue).wrap === 'function';

/** Sets whitelisted columns of an owned row in one of the allowed statuses. */
export async function updateOwned(
  q: Queryable,
  t: OwnedTable,
  userId: number,
  id: number,
  allowedStatus: number[],
  set: Record<string, unknown>,
): Promise<boolean> {
  const cols = Object.keys(set);
  const params: unknown[] = [
    userId,
    id,
    allowedStatus,
    ...cols.map((c) => (isSqlValue(set[c]) ? (set[c] as SqlValue).value : set[c])),
  ];
  const assignments = cols
    .map((c, i) => `${c} = ${isSqlValue(set[c]) ? (set[c] as SqlValue).wrap(`$${i + 4}`) : `$${i + 4}`}`)
    .join(', ');
  const r = await q.query(
    `UPDATE ${t.table} SET ${assignments} WHERE id = $2 AND status = ANY($3::int[]) AND ${whereOwned(t, 1).join(' AND ')} RETURNING id`,
    params,
  );
  return r.rowCount > 0;
}
