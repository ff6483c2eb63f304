import type { Queryable } from '../db/index.js';

/** The editable fields of a CMS entry: exactly the properties of lumen:forms/cms-entry. */
export interface CmsFields {
  kind: 'article' | 'notice' | 'event';
  title: string;
  summary?: string;
  category?: string;
  slug?: string;
  effectiveOn?: string;
  published?: boolean;
  sort?: number;
  bodyHtml: string;
  event?: Record<string, unknown>;
}

export interface CmsEntry extends Required<Omit<CmsFields, 'slug' | 'effectiveOn' | 'event'>> {
  id: number;
  slug: string | null;
  effectiveOn: string | null;
  event: Record<string, unknown> | null;
  version: number;
  updatedAt: string;
  registrationCount?: number;
}

const COLUMNS = `e.id, e.kind, e.slug, e.category, e.title, e.summary, e.body_html AS "bodyHtml", e.event,
  to_char(e.effective_on, 'YYYY-MM-DD') AS "effectiveOn", e.published, e.sort, e.version, e.updated_at AS "updatedAt"`;

const values = (f: CmsFields) => [
  f.kind,
  f.slug || null,
  f.category ?? '',
  f.title.trim(),
  f.summary ?? '',
  f.bodyHtml,
  f.kind === 'event' ? (f.event ?? {}) : null,
  f.effectiveOn || null,
  f.published ?? true,
  f.sort ?? 0,
];

/** The entry as the public sees it (published only), by id or by an event page's fixed path. */
export async function findPublishedEntry(
  q: Queryable,
  by: { id: number } | { slug: string },
): Promise<CmsEntry | null> {
  const [cond, arg] = 'id' in by ? ['e.id = $1', by.id] : ['e.slug = $1', by.slug];
  const r = await q.query<CmsEntry>(`SELECT ${COLUMNS} FROM cms_entries e WHERE ${cond} AND e.published`, [arg]);
  return r.rows[0] ?? null;
}

/** Published articles and notices with a help-centre group, in group and sort order (no bodies). */
export async function helpCentreEntries(q: Queryable) {
  const r = await q.query(
    `SELECT id, kind, category, title, summary FROM cms_entries
      WHERE published AND kind IN ('article', 'notice') AND category <> '' ORDER BY sort, id`,
  );
  return r.rows;
}

/** Latest published notices (newest first) for the notice list beside a notice. */
export async function latestNotices(q: Queryable, limit = 10) {
  const r = await q.query(
    `SELECT id, title, summary, updated_at AS "updatedAt" FROM cms_entries WHERE published AND kind = 'notice' ORDER BY id DESC LIMIT $1`,
    [limit],
  );
  return r.rows;
}

/** Staff: any entry, published or not, with its registration count. */
export async function findEntry(q: Queryable, id: number): Promise<CmsEntry | null> {
  const r = await q.query<CmsEntry>(
    `SELECT ${COLUMNS}, (SELECT count(*)::int FROM event_registrations x WHERE x.entry_id = e.id) AS "registrationCount" FROM cms_entries e WHERE e.id = $1`,
    [id],
  );
  return r.rows[0] ?? null;
}

export async function listEntries(q: Queryable, kind: string | undefined, page: number, pageSize: number) {
  const r = await q.query(
    `SELECT e.id, e.kind, e.slug, e.category, e.title, e.published, e.version, e.updated_at AS "updatedAt", count(*) OVER()::int AS total
       FROM cms_entries e WHERE ($1::text IS NULL OR e.kind = $1) ORDER BY e.kind, e.sort, e.id LIMIT $2 OFFSET $3`,
    [kind ?? null, pageSize, (page - 1) * pageSize],
  );
  return { list: r.rows.map(({ total: _t, ...row }) => row), total: Number(r.rows[0]?.total ?? 0) };
}

async function addVersion(q: Queryable, id: number, version: number, f: CmsFields, staffId: number) {
  await q.query('INSERT INTO cms_versions(entry_id, version, snapshot, edited_by) VALUES ($1, $2, $3, $4)', [
    id,
    version,
    JSON.stringify(f),
    staffId,
  ]);
}

/** Creates an entry and its version 1 (call in a transaction). */
export async function insertEntry(q: Queryable, f: CmsFields, staffId: number): Promise<number> {
  const r = await q.query<{ id: number }>(
    `INSERT INTO cms_entries(kind, slug, category, title, summary, body_html, event, effective_on, published, sort, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [...values(f), staffId],
  );
  const id = Number(r.rows[0].id);
  await addVersion(q, id, 1, f, staffId);
  return id;
}

/**
 * Saves a new version when the entry is still at `expected` (the version the editor loaded): two
 * staff editing at once cannot overwrite each other silently. Returns the new version, or null
 * when the entry moved on (or does not exist). Call in a transaction.
 */
export async function updateEntry(
  q: Queryable,
  id: number,
  expected: number,
  f: CmsFields,
  staffId: number,
): Promise<number | null> {
  const r = await q.query<{ version: number }>(
    `UPDATE cms_entries SET kind = $1, slug = $2, category = $3, title = $4, summary = $5, body_html = $6, event = $7, effective_on = $8,
            published = $9, sort = $10, updated_by = $11, version = version + 1, updated_at = now()
      WHERE id = $12 AND version = $13 RETURNING version`,
    [...values(f), staffId, id, expected],
  );
  if (!r.rows[0]) return null;
  const version = Number(r.rows[0].version);
  await addVersion(q, id, version, f, staffId);
  return version;
}

export async function entryVersions(q: Queryable, id: number) {
  const r = await q.query(
    `SELECT v.version, v.snapshot, v.created_at AS "createdAt", COALESCE(u.nickname, u.username) AS "editorName"
       FROM cms_versions v LEFT JOIN users u ON u.id = v.edited_by WHERE v.entry_id = $1 ORDER BY v.version DESC`,
    [id],
  );
  return r.rows;
}

export async function versionSnapshot(q: Queryable, id: number, version: number): Promise<CmsFields | null> {
  const r = await q.query<{ snapshot: CmsFields }>(
    'SELECT snapshot FROM cms_versions WHERE entry_id = $1 AND version = $2',
    [id, version],
  );
  return r.rows[0]?.snapshot ?? null;
}

export async function slugTaken(q: Queryable, slug: string, exceptId: number | null): Promise<boolean> {
  const r = await q.query('SELECT 1 FROM cms_entries WHERE slug = $1 AND id IS DISTINCT FROM $2', [slug, exceptId]);
  return r.rows.length > 0;
}
