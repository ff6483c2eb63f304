import type { Db, Queryable } from './index.js';
import {
  ident,
  listTables,
  MIGRATIONS_TABLE,
  sequenceValues,
  tableShapes,
  type SequenceValue,
  type TableShape,
} from './snapshot-catalog.js';

/** Rows fetched from the cursor at a time: bounded memory however large a table is. */
const FETCH_ROWS = 1000;

export interface DatabaseDump {
  engine: Db['kind'];
  /** `SELECT version()` of the source, for the operator (a snapshot restores on either engine). */
  serverVersion: string;
  /** The migrations the source had applied, in the order they ran. */
  migrations: string[];
  tables: Array<TableShape & { rows: number }>;
  sequences: SequenceValue[];
}

/**
 * Receives one table's rows as batches of lines; each line is a JSON array of the columns' text
 * forms, null for SQL NULL. Text forms are PostgreSQL's own input/output format, so every type
 * (bytea, arrays, tsvector, jsonb, numeric, timestamps) comes back exactly, on either engine.
 */
export type RowSink = (table: TableShape, batches: AsyncIterable<string[]>) => Promise<void>;

/**
 * Reads every table of the current schema (except the migration record, kept as a list) inside
 * one REPEATABLE READ READ ONLY transaction: one snapshot of the whole database, however long the
 * read takes and whatever commits meanwhile. On PGlite the transaction holds the only connection,
 * which makes it consistent too (requests wait for it).
 */
export async function dumpDatabase(db: Db, sink: RowSink, onTable?: (done: number, total: number) => void) {
  return db.tx(async (q): Promise<DatabaseDump> => {
    await q.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    // Output formats fixed, so a value's text is the same whatever the server or role defaults are.
    await q.exec(
      `SET LOCAL DateStyle = 'ISO, YMD'; SET LOCAL TimeZone = 'UTC'; SET LOCAL IntervalStyle = 'postgres';
       SET LOCAL bytea_output = 'hex'; SET LOCAL extra_float_digits = 1`,
    );
    const serverVersion = (await q.query<{ v: string }>('SELECT version() AS v')).rows[0].v;
    const migrations = (
      await q.query<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY applied_at, name`)
    ).rows.map((r) => r.name);
    const shapes = await tableShapes(q);
    const names = (await listTables(q)).filter((t) => t !== MIGRATIONS_TABLE);
    const tables: DatabaseDump['tables'] = [];
    for (const [i, name] of names.entries()) {
      const shape = shapes.get(name)!;
      let rows = 0;
      const counted = async function* () {
        for await (const batch of readTable(q, shape)) {
          rows += batch.length;
          yield batch;
        }
      };
      await sink(shape, counted());
      tables.push({ ...shape, rows });
      onTable?.(i + 1, names.length);
    }
    // After the rows: sequences only move forward, so each is at least past every id read above.
    const sequences = await sequenceValues(q);
    return { engine: db.kind, serverVersion, migrations, tables, sequences };
  });
}

/** A table's rows through a cursor, FETCH_ROWS at a time, as JSON lines built by the database. */
async function* readTable(q: Queryable, shape: TableShape): AsyncGenerator<string[]> {
  const cols = shape.columns.map((c) => `${ident(c.name)}::text`).join(', ');
  await q.query(
    `DECLARE lumen_backup NO SCROLL CURSOR FOR SELECT to_json(ARRAY[${cols}])::text AS r FROM ${ident(shape.name)}`,
  );
  try {
    for (;;) {
      const r = await q.query<{ r: string }>(`FETCH ${FETCH_ROWS} FROM lumen_backup`);
      if (r.rows.length) yield r.rows.map((row) => row.r);
      if (r.rows.length < FETCH_ROWS) break;
    }
  } finally {
    await q.query('CLOSE lumen_backup');
  }
}
