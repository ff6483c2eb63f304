import type { Queryable } from '../db/index.js';

/**
 * Monitoring hits of one work, read for the trace timeline. The monitoring feature (issue 15,
 * another branch) owns the table monitor_hits; until it lands the table does not exist, and this
 * answers []. Its column names are looked up once per call from information_schema, so the trace
 * timeline keeps working whichever of the usual names the table settles on.
 */
export interface MonitorHit {
  pageUrl: string;
  similarity: number | null;
  status: string | null;
  firstSeen: Date;
  lastSeen: Date | null;
}

const CANDIDATES = {
  work: ['work_id', 'material_id'],
  owner: ['owner_id', 'user_id', 'owner_user_id'],
  url: ['page_url', 'url'],
  similarity: ['similarity', 'score'],
  status: ['status', 'state'],
  first: ['first_seen_at', 'first_seen', 'created_at'],
  last: ['last_seen_at', 'last_seen', 'updated_at'],
} as const;

const ident = (c: string) => `"${c.replace(/"/g, '""')}"`;

export async function monitorHitsForWork(q: Queryable, workId: number, ownerId: number): Promise<MonitorHit[]> {
  const exists = (await q.query<{ t: string | null }>("SELECT to_regclass('monitor_hits')::text AS t")).rows[0]?.t;
  if (!exists) return [];
  const cols = new Set(
    (await q.query<{ c: string }>(
      "SELECT column_name AS c FROM information_schema.columns WHERE table_name = 'monitor_hits' AND table_schema = ANY(current_schemas(false))",
    )).rows.map((r) => r.c),
  );
  const pick = (k: keyof typeof CANDIDATES) => CANDIDATES[k].find((c) => cols.has(c)) ?? null;
  const [work, owner, url, first] = [pick('work'), pick('owner'), pick('url'), pick('first')];
  if (!work || !url || !first) return []; // not a table this code understands: show no hits rather than fail
  const sim = pick('similarity');
  const status = pick('status');
  const last = pick('last');
  const r = await q.query(
    `SELECT ${ident(url)}::text AS "pageUrl", ${sim ? `${ident(sim)}::float8` : 'NULL::float8'} AS similarity,
            ${status ? `${ident(status)}::text` : 'NULL::text'} AS status, ${ident(first)} AS "firstSeen", ${last ? ident(last) : 'NULL::timestamptz'} AS "lastSeen"
       FROM monitor_hits WHERE ${ident(work)} = $1 ${owner ? `AND ${ident(owner)} = $2` : 'AND $2::bigint IS NOT NULL'}
      ORDER BY ${ident(first)}, 1 LIMIT 200`,
    [workId, ownerId],
  );
  return r.rows.map((h: any) => ({ ...h, similarity: h.similarity == null ? null : Number(h.similarity) }));
}
