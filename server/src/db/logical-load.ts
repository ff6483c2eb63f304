import type { Db, Queryable } from './index.js';
import {
  foreignKeys,
  ident,
  listTables,
  MIGRATIONS_TABLE,
  tablesWithTriggers,
  tableShapes,
  type ForeignKey,
  type SequenceValue,
  type TableShape,
} from './snapshot-catalog.js';

/** Rows inserted per statement, and the most JSON text one statement carries. */
const BATCH_ROWS = 500;
const BATCH_CHARS = 4 * 1024 * 1024;

/** The target does not take the snapshot as it is (its schema differs, a table lost rows): the message says which, in Chinese. */
export class SnapshotLoadError extends Error {}

/** What the target database already holds: its tables and the migrations it applied. */
export async function databaseContents(q: Queryable): Promise<{ tables: string[]; migrations: string[] }> {
  const tables = await listTables(q);
  const migrations = tables.includes(MIGRATIONS_TABLE)
    ? (await q.query<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE}`)).rows.map((r) => r.name)
    : [];
  return { tables, migrations };
}

/**
 * Tables in an order that loads every referenced table before the tables referring to it. Cycles
 * (and tables referring to themselves) cannot be ordered: the keys that point forward in the
 * returned order are listed as `deferred`, dropped during the load and added again afterwards.
 */
export function loadOrder(tables: string[], keys: ForeignKey[]): { order: string[]; deferred: ForeignKey[] } {
  const needs = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const k of keys) if (k.table !== k.references && needs.has(k.references)) needs.get(k.table)?.add(k.references);
  const order: string[] = [];
  const placed = new Set<string>();
  while (order.length < tables.length) {
    const free = tables.filter((t) => !placed.has(t) && [...needs.get(t)!].every((r) => placed.has(r)));
    // A cycle: take the table with the fewest unmet references (ties by name, so the order is stable).
    const next = free.length
      ? free
      : tables
          .filter((t) => !placed.has(t))
          .sort((a, b) => unmet(a) - unmet(b) || (a < b ? -1 : 1))
          .slice(0, 1);
    for (const t of next) {
      order.push(t);
      placed.add(t);
    }
  }
  function unmet(t: string) {
    return [...needs.get(t)!].filter((r) => !placed.has(r)).length;
  }
  const position = new Map(order.map((t, i) => [t, i]));
  const deferred = keys.filter(
    (k) => position.has(k.table) && position.has(k.references) && position.get(k.references)! >= position.get(k.table)!,
  );
  return { order, deferred };
}

/**
 * Replaces every row of the current schema's tables with a snapshot's, in one transaction (all or
 * nothing): triggers of the product (append-only guards, search columns, sample upkeep) are off
 * while rows go in exactly as they were stored, tables load in dependency order, foreign keys that
 * a cycle keeps from being ordered are checked when added back, and sequences are set last.
 * The schema must already be the snapshot's (same migrations): columns are checked, not guessed.
 */
export async function loadDatabase(
  db: Db,
  snapshot: { tables: Array<TableShape & { rows: number }>; sequences: SequenceValue[] },
  rowsOf: (table: TableShape) => AsyncIterable<string>,
  onTable?: (done: number, total: number) => void,
): Promise<void> {
  await db.tx(async (q) => {
    const shapes = await tableShapes(q);
    for (const t of snapshot.tables) {
      const have = shapes.get(t.name);
      const want = t.columns.map((c) => `${c.name} ${c.type}`).join(', ');
      if (!have || have.columns.map((c) => `${c.name} ${c.type}`).join(', ') !== want)
        throw new SnapshotLoadError(`目标数据库的表 ${t.name} 与快照不一致（快照：${want}）`);
    }
    const targetTables = (await listTables(q)).filter((t) => t !== MIGRATIONS_TABLE);
    const keys = await foreignKeys(q);
    const { order, deferred } = loadOrder(
      snapshot.tables.map((t) => t.name),
      keys,
    );
    const triggered = await tablesWithTriggers(q);
    for (const k of deferred) await q.exec(`ALTER TABLE ${ident(k.table)} DROP CONSTRAINT ${ident(k.name)}`);
    for (const t of triggered) await q.exec(`ALTER TABLE ${ident(t)} DISABLE TRIGGER USER`);
    // Every table at once, so no foreign key stands in the way; rows the migrations wrote go too
    // (the snapshot holds them as they were at the source, edits included).
    if (targetTables.length) await q.exec(`TRUNCATE ${targetTables.map(ident).join(', ')}`);
    const byName = new Map(snapshot.tables.map((t) => [t.name, t]));
    for (const [i, name] of order.entries()) {
      const table = byName.get(name)!;
      // Most tables of a young installation are empty: no part to open for them.
      const loaded = table.rows ? await loadTable(q, table, rowsOf(table)) : 0;
      if (loaded !== table.rows)
        throw new SnapshotLoadError(`快照中表 ${name} 的行数不对：清单记录 ${table.rows} 行，读到 ${loaded} 行`);
      onTable?.(i + 1, order.length);
    }
    for (const k of deferred)
      await q.exec(`ALTER TABLE ${ident(k.table)} ADD CONSTRAINT ${ident(k.name)} ${k.definition}`);
    for (const t of triggered) await q.exec(`ALTER TABLE ${ident(t)} ENABLE TRIGGER USER`);
    for (const s of snapshot.sequences)
      await q.query('SELECT setval($1::regclass, $2::bigint, $3)', [ident(s.name), s.lastValue, s.isCalled]);
  });
}

/** Inserts a table's JSON lines in batches; each column's text is cast back to its type. Returns the row count. */
async function loadTable(q: Queryable, table: TableShape, lines: AsyncIterable<string>): Promise<number> {
  const names = table.columns.map((c) => ident(c.name)).join(', ');
  const values = table.columns.map((c, i) => `(e.r->>${i})::${c.type}`).join(', ');
  // OVERRIDING SYSTEM VALUE: identity columns keep the snapshot's ids.
  const sql = `INSERT INTO ${ident(table.name)} (${names}) OVERRIDING SYSTEM VALUE
    SELECT ${values} FROM json_array_elements($1::json) AS e(r)`;
  let batch: string[] = [];
  let chars = 0;
  let count = 0;
  const flush = async () => {
    if (!batch.length) return;
    await q.query(sql, [`[${batch.join(',')}]`]);
    count += batch.length;
    batch = [];
    chars = 0;
  };
  for await (const line of lines) {
    if (!line) continue;
    batch.push(line);
    chars += line.length;
    if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
  }
  await flush();
  return count;
}
