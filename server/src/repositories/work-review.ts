import type { Queryable } from '../db/index.js';

/**
 * SQL of work review: the locked work row, revisions, the event timeline. Every status change is
 * a guarded UPDATE (`WHERE status = ANY(expected) RETURNING`), so of two parallel decisions only
 * one matches; callers turn "no row" into a 409.
 */

/** The reviewable metadata of a work: what a revision proposes and an approval applies. */
export interface WorkContent {
  title: string;
  description: string;
  tags: string[];
  price_cents: number;
}

const DIGEST = 'material_content_digest(title, description, tags, price_cents, original_path)';

export interface WorkRow {
  id: number;
  owner_id: number | null;
  status: number;
  title: string;
  description: string;
  tags: string[];
  price_cents: number;
  /** Digest of the content now, and of the content staff last approved. */
  digest: string;
  reviewed_digest: string | null;
}

/** The work row, locked for the rest of the transaction (edits and decisions serialise on it). */
export async function lockWork(q: Queryable, id: number): Promise<WorkRow | undefined> {
  const r = await q.query<WorkRow>(
    `SELECT id, owner_id, status, title, description, tags, price_cents, ${DIGEST} AS digest, reviewed_digest FROM materials WHERE id = $1 FOR UPDATE`,
    [id],
  );
  const row = r.rows[0];
  return (
    row && {
      ...row,
      id: Number(row.id),
      owner_id: row.owner_id === null ? null : Number(row.owner_id),
      status: Number(row.status),
    }
  );
}

export interface WorkStatusChange {
  /** Also mark the row as a (new) review request: queue time now, appeal flag as given. */
  submit?: { appeal: boolean };
  /** Record the current content as the approved one. */
  approved?: boolean;
  /** Only when the content is still the one staff looked at. */
  expectedDigest?: string;
}

/** Moves a work between statuses when it is in one of `from`; false when it was not. */
export async function setWorkStatus(
  q: Queryable,
  id: number,
  from: number[],
  to: number,
  change: WorkStatusChange = {},
): Promise<boolean> {
  const params: unknown[] = [id, from, to];
  const sets = ['status = $3'];
  if (change.submit) {
    params.push(change.submit.appeal);
    sets.push('review_submitted_at = now()', `review_appeal = $${params.length}`);
  } else sets.push('review_appeal = false');
  if (change.approved) sets.push(`reviewed_digest = ${DIGEST}`);
  let where = 'id = $1 AND status = ANY($2::int[])';
  if (change.expectedDigest !== undefined) {
    params.push(change.expectedDigest);
    where += ` AND ${DIGEST} = $${params.length}`;
  }
  const r = await q.query(`UPDATE materials SET ${sets.join(', ')} WHERE ${where} RETURNING id`, params);
  return r.rowCount > 0;
}

/** Writes a work's content and its search tokens; `approved` also records it as reviewed. */
export async function writeContent(
  q: Queryable,
  id: number,
  c: WorkContent,
  tokens: string,
  approved: boolean,
): Promise<void> {
  await q.query(
    `UPDATE materials SET title = $2, description = $3, tags = $4, price_cents = $5, search_tokens = $6::tsvector
       ${approved ? `, reviewed_digest = material_content_digest($2, $3, $4, $5, original_path)` : ''}
     WHERE id = $1`,
    [id, c.title, c.description, c.tags, c.price_cents, tokens],
  );
}

export interface RevisionRow {
  id: number;
  material_id: number;
  status: number;
  fields: WorkContent;
  appeal: boolean;
  submitted_at: string;
  decided_at: string | null;
}

const REVISION_COLUMNS = 'id, material_id, status, fields, appeal, submitted_at, decided_at';
const revision = (r: any): RevisionRow => ({
  ...r,
  id: Number(r.id),
  material_id: Number(r.material_id),
  status: Number(r.status),
});

export async function latestRevision(q: Queryable, materialId: number): Promise<RevisionRow | undefined> {
  const r = await q.query(
    `SELECT ${REVISION_COLUMNS} FROM material_revisions WHERE material_id = $1 ORDER BY id DESC LIMIT 1`,
    [materialId],
  );
  return r.rows[0] && revision(r.rows[0]);
}

export async function findRevision(q: Queryable, materialId: number, id: number): Promise<RevisionRow | undefined> {
  const r = await q.query(`SELECT ${REVISION_COLUMNS} FROM material_revisions WHERE material_id = $1 AND id = $2`, [
    materialId,
    id,
  ]);
  return r.rows[0] && revision(r.rows[0]);
}

export async function insertRevision(
  q: Queryable,
  materialId: number,
  authorId: number,
  fields: WorkContent,
): Promise<number> {
  const r = await q.query<{ id: number }>(
    'INSERT INTO material_revisions(material_id, author_id, fields) VALUES ($1, $2, $3) RETURNING id',
    [materialId, authorId, JSON.stringify(fields)],
  );
  return Number(r.rows[0].id);
}

/** Moves one revision from one of `from` to `to`; returns it as it is now, or undefined when it was not in `from`. */
export async function setRevisionStatus(
  q: Queryable,
  materialId: number,
  id: number,
  from: number[],
  to: number,
  opts: { submit?: { appeal: boolean }; decided?: boolean } = {},
): Promise<RevisionRow | undefined> {
  const sets = ['status = $4'];
  const params: unknown[] = [materialId, id, from, to];
  if (opts.submit) {
    params.push(opts.submit.appeal);
    sets.push('submitted_at = now()', `appeal = $${params.length}`, 'decided_at = NULL');
  }
  if (opts.decided) sets.push('decided_at = now()');
  const r = await q.query(
    `UPDATE material_revisions SET ${sets.join(', ')} WHERE material_id = $1 AND id = $2 AND status = ANY($3::int[]) RETURNING ${REVISION_COLUMNS}`,
    params,
  );
  return r.rows[0] && revision(r.rows[0]);
}

export interface WorkEvent {
  materialId: number;
  revisionId?: number | null;
  actorId: number | null;
  actorRole: 'creator' | 'staff' | 'system';
  action: string;
  from: number | null;
  to: number | null;
  reasons?: Array<{ code: string; title: string }>;
  comment?: string;
}

export async function insertEvent(q: Queryable, e: WorkEvent): Promise<void> {
  await q.query(
    `INSERT INTO work_events(material_id, revision_id, actor_id, actor_role, action, from_status, to_status, reasons, comment)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      e.materialId,
      e.revisionId ?? null,
      e.actorId,
      e.actorRole,
      e.action,
      e.from,
      e.to,
      JSON.stringify(e.reasons ?? []),
      e.comment ?? '',
    ],
  );
}

export interface EventRow {
  id: number;
  revision_id: number | null;
  actor_role: string;
  actor_name: string | null;
  action: string;
  from_status: number | null;
  to_status: number | null;
  reasons: Array<{ code: string; title: string }>;
  comment: string;
  created_at: string;
}

/** A work's timeline, oldest first. */
export async function listEvents(q: Queryable, materialId: number): Promise<EventRow[]> {
  const r = await q.query<EventRow>(
    `SELECT e.id, e.revision_id, e.actor_role, u.nickname AS actor_name, e.action, e.from_status, e.to_status, e.reasons, e.comment, e.created_at
       FROM work_events e LEFT JOIN users u ON u.id = e.actor_id
      WHERE e.material_id = $1 ORDER BY e.id`,
    [materialId],
  );
  return r.rows.map((x) => ({
    ...x,
    id: Number(x.id),
    revision_id: x.revision_id === null ? null : Number(x.revision_id),
  }));
}
