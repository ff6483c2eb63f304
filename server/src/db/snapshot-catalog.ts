import type { Queryable } from './index.js';

/**
 * What a logical snapshot needs to know about the schema, read from the system catalogues of the
 * current schema, the same way on PGlite and PostgreSQL. Names are unqualified: a snapshot is
 * restored into whatever schema the target connection uses (tests run in their own schemas).
 */

/** A column as written to a snapshot: its name and its type as `format_type` spells it (the cast on load). */
export interface ColumnShape {
  name: string;
  type: string;
}

export interface TableShape {
  name: string;
  /** Stored columns in attribute order; generated columns are left out (the target computes them again). */
  columns: ColumnShape[];
}

export interface SequenceValue {
  name: string;
  /** bigint as text: a sequence may pass 2^53. */
  lastValue: string;
  isCalled: boolean;
}

export interface ForeignKey {
  name: string;
  table: string;
  references: string;
  /** pg_get_constraintdef: enough to add the constraint again after a load. */
  definition: string;
}

/** The table that records which migrations ran: a restore rebuilds it by migrating, never by copying rows. */
export const MIGRATIONS_TABLE = 'schema_migrations';

/** A double-quoted identifier. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

const IN_SCHEMA = 'n.nspname = current_schema()';

/** Ordinary and partitioned tables of the current schema (partitions are read through their parent), by name. */
export async function listTables(q: Queryable): Promise<string[]> {
  const r = await q.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE ${IN_SCHEMA} AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY c.relname`,
  );
  return r.rows.map((row) => row.name);
}

/** Every table's stored columns, keyed by table name. */
export async function tableShapes(q: Queryable): Promise<Map<string, TableShape>> {
  const r = await q.query<{ table: string; name: string; type: string }>(
    `SELECT c.relname AS "table", a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE ${IN_SCHEMA} AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      ORDER BY c.relname, a.attnum`,
  );
  const shapes = new Map<string, TableShape>();
  for (const row of r.rows) {
    let shape = shapes.get(row.table);
    if (!shape) shapes.set(row.table, (shape = { name: row.table, columns: [] }));
    shape.columns.push({ name: row.name, type: row.type });
  }
  return shapes;
}

/** Every sequence of the current schema with its value (read outside any snapshot: sequences are not transactional). */
export async function sequenceValues(q: Queryable): Promise<SequenceValue[]> {
  const names = (
    await q.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE ${IN_SCHEMA} AND c.relkind = 'S' ORDER BY c.relname`,
    )
  ).rows.map((r) => r.name);
  if (!names.length) return [];
  const r = await q.query<{ name: string; last_value: string; is_called: boolean }>(
    names
      .map((n) => `SELECT ${literal(n)} AS name, last_value::text AS last_value, is_called FROM ${ident(n)}`)
      .join(' UNION ALL '),
  );
  return r.rows.map((row) => ({ name: row.name, lastValue: row.last_value, isCalled: row.is_called }));
}

/** Foreign keys between tables of the current schema. */
export async function foreignKeys(q: Queryable): Promise<ForeignKey[]> {
  const r = await q.query<ForeignKey>(
    `SELECT co.conname AS name, c.relname AS "table", f.relname AS "references",
            pg_get_constraintdef(co.oid) AS definition
       FROM pg_constraint co JOIN pg_class c ON c.oid = co.conrelid JOIN pg_class f ON f.oid = co.confrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE co.contype = 'f' AND ${IN_SCHEMA} ORDER BY c.relname, co.conname`,
  );
  return r.rows;
}

/** Tables with triggers of their own (not the internal ones behind foreign keys). */
export async function tablesWithTriggers(q: Queryable): Promise<string[]> {
  const r = await q.query<{ name: string }>(
    `SELECT DISTINCT c.relname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${IN_SCHEMA} AND NOT t.tgisinternal ORDER BY 1`,
  );
  return r.rows.map((row) => row.name);
}

/** A single-quoted SQL string literal. */
const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;
