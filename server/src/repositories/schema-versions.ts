import type { Queryable } from '../db/index.js';
import type { DiffEntry } from '../../../src/schemas/json-diff.js';

export interface SchemaVersionRow {
  schema_id: string;
  version: number;
  body: Record<string, any>;
  author_id: number | null;
  author_name: string | null;
  created_at: Date;
  note: string;
  diff: DiffEntry[];
}

const num = <T extends { version: number; author_id: number | null }>(r: T): T => ({
  ...r,
  version: Number(r.version),
  author_id: r.author_id == null ? null : Number(r.author_id),
});

/** The newest stored version of every schema that has one. */
export async function latestVersions(
  db: Queryable,
): Promise<Array<Pick<SchemaVersionRow, 'schema_id' | 'version' | 'body'>>> {
  const r = await db.query<SchemaVersionRow>(
    `SELECT DISTINCT ON (schema_id) schema_id, version, body FROM schema_versions ORDER BY schema_id, version DESC`,
  );
  return r.rows.map((x) => ({ schema_id: x.schema_id, version: Number(x.version), body: x.body }));
}

/** The newest stored body of one schema, or null when staff never saved it (the bundled file is current). */
export async function latestBody(db: Queryable, schemaId: string): Promise<Record<string, any> | null> {
  const r = await db.query<{ body: Record<string, any> }>(
    'SELECT body FROM schema_versions WHERE schema_id = $1 ORDER BY version DESC LIMIT 1',
    [schemaId],
  );
  return r.rows[0]?.body ?? null;
}

export async function listVersions(db: Queryable, schemaId: string): Promise<SchemaVersionRow[]> {
  const r = await db.query<SchemaVersionRow>(
    `SELECT v.schema_id, v.version, v.body, v.author_id, COALESCE(u.nickname, u.username) AS author_name, v.created_at, v.note, v.diff
       FROM schema_versions v LEFT JOIN users u ON u.id = v.author_id
      WHERE v.schema_id = $1 ORDER BY v.version DESC`,
    [schemaId],
  );
  return r.rows.map(num);
}

export async function findVersion(db: Queryable, schemaId: string, version: number): Promise<SchemaVersionRow | null> {
  const r = await db.query<SchemaVersionRow>(
    `SELECT schema_id, version, body, author_id, NULL AS author_name, created_at, note, diff FROM schema_versions WHERE schema_id = $1 AND version = $2`,
    [schemaId, version],
  );
  return r.rows[0] ? num(r.rows[0]) : null;
}

/**
 * Stores the next version only if the latest is still `expected` (0 = none stored): two staff
 * saving at once cannot silently overwrite each other. Returns the new version or null on conflict.
 */
export async function insertVersion(
  db: Queryable,
  v: { schemaId: string; expected: number; body: unknown; authorId: number; note: string; diff: DiffEntry[] },
): Promise<number | null> {
  try {
    const r = await db.query<{ version: number }>(
      `INSERT INTO schema_versions(schema_id, version, body, author_id, note, diff)
       SELECT $1, $2::int + 1, $3::jsonb, $4, $5, $6::jsonb
        WHERE COALESCE((SELECT MAX(version) FROM schema_versions WHERE schema_id = $1), 0) = $2::int
       RETURNING version`,
      [v.schemaId, v.expected, JSON.stringify(v.body), v.authorId, v.note, JSON.stringify(v.diff)],
    );
    return r.rows[0] ? Number(r.rows[0].version) : null;
  } catch (e: any) {
    if (e?.code === '23505') return null; // the other writer won the primary key
    throw e;
  }
}
