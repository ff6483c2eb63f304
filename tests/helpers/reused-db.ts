import type { Db } from '../../server/src/db/index.js';

/**
 * One migrated database per test worker, lent to one test app at a time and put back to the
 * template's state before the next: a fresh PGlite from the template costs about 0.9 CPU-s to open
 * (unpacking the archive into its file system, starting PostgreSQL in WebAssembly) and its memory
 * is garbage afterwards; a fresh PostgreSQL database is a CREATE and a DROP DATABASE and new
 * backends that build their caches from nothing. Emptying the tables takes about 20 ms.
 *
 * What a file may not change is checked, not trusted: a database whose tables, columns,
 * constraints, functions or triggers (or a trigger's enabled state) differ from the template's is
 * closed and a fresh one opened, as is one the test closed itself. A second app while the first
 * still holds the database gets a fresh database of its own, as before.
 */
export interface FreshDatabase {
  db: Db;
  url?: string;
  drop: () => Promise<void>;
}

interface Baseline {
  fingerprint: string;
  tables: string[];
  /** Rows the migrations wrote (schema versions, CMS defaults), as json_agg text per table. */
  rows: Array<{ table: string; json: string }>;
  /** Each sequence's last_value in the template (null: never called). */
  sequences: Map<string, number | null>;
}

interface Pooled extends FreshDatabase {
  baseline: Baseline;
}

let idle: Pooled | undefined;
let lent = false;

const USER_SCHEMAS = `n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'`;

/** A digest of the database's shape: whatever a test's DDL could leave behind. */
const FINGERPRINT_SQL = `
SELECT md5(string_agg(x, ',' ORDER BY x)) AS f FROM (
  SELECT 'rel ' || n.nspname || '.' || c.relname || ' ' || c.relkind::text || ' ' ||
         (SELECT count(*) FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped)::text AS x
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${USER_SCHEMAS}
  UNION ALL SELECT 'trigger ' || t.tgname || ' ' || t.tgenabled::text FROM pg_trigger t WHERE NOT t.tgisinternal
  UNION ALL SELECT 'function ' || n.nspname || '.' || p.proname || ' ' || md5(p.prosrc)
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE ${USER_SCHEMAS}
  UNION ALL SELECT 'constraint ' || n.nspname || '.' || co.conname
    FROM pg_constraint co JOIN pg_namespace n ON n.oid = co.connamespace WHERE ${USER_SCHEMAS}
  UNION ALL SELECT 'schema ' || n.nspname FROM pg_namespace n WHERE ${USER_SCHEMAS}
) s`;

async function fingerprint(db: Db): Promise<string> {
  return (await db.query<{ f: string }>(FINGERPRINT_SQL)).rows[0].f;
}

async function sequenceValues(db: Db): Promise<Map<string, number | null>> {
  const rows = (
    await db.query<{ name: string; value: number | null }>(
      `SELECT format('%I.%I', schemaname, sequencename) AS name, last_value AS value FROM pg_sequences`,
    )
  ).rows;
  return new Map(rows.map((r) => [r.name, r.value === null ? null : Number(r.value)]));
}

async function takeBaseline(db: Db): Promise<Baseline> {
  const tables = (
    await db.query<{ t: string }>(
      `SELECT format('%I.%I', n.nspname, c.relname) AS t FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND ${USER_SCHEMAS} ORDER BY 1`,
    )
  ).rows.map((r) => r.t);
  const rows: Baseline['rows'] = [];
  for (const table of tables) {
    const json = (await db.query<{ j: string | null }>(`SELECT json_agg(t)::text AS j FROM ${table} t`)).rows[0].j;
    if (json) rows.push({ table, json });
  }
  return { fingerprint: await fingerprint(db), tables, rows, sequences: await sequenceValues(db) };
}

/** Empties every table, writes the template's rows back and sets each sequence where it was. */
async function reset(db: Db, b: Baseline): Promise<void> {
  if (db.kind === 'pglite') {
    // PGlite runs as the superuser: DELETE with foreign keys and triggers off (the ledger's
    // append-only trigger among them) costs a few ms, where TRUNCATE makes new files for every
    // table and index (about 230 ms).
    await db.exec(
      `SET session_replication_role = replica; ${b.tables.map((t) => `DELETE FROM ${t};`).join(' ')}
       SET session_replication_role = DEFAULT;`,
    );
  } else {
    // The test role is no superuser (no session_replication_role), so TRUNCATE, but only of the
    // tables that hold rows, and CASCADE to the tables that reference them: TRUNCATE makes new files
    // for every table and index it names, and naming all of them each time cost more kernel time
    // than the tests between (PostgreSQL's own processes: about a third of their CPU in the kernel).
    const filled = await db.query<{ t: string }>(
      b.tables.map((t) => `SELECT '${t}' AS t WHERE EXISTS (SELECT 1 FROM ${t})`).join(' UNION ALL '),
    );
    if (filled.rows.length) await db.exec(`TRUNCATE ${filled.rows.map((r) => r.t).join(', ')} CASCADE`);
  }
  for (const { table, json } of b.rows) {
    await db.query(
      `INSERT INTO ${table} OVERRIDING SYSTEM VALUE SELECT * FROM json_populate_recordset(NULL::${table}, $1::json)`,
      [json],
    );
  }
  const now = await sequenceValues(db);
  const moved = [...b.sequences].filter(([name, value]) => now.get(name) !== value);
  if (moved.length)
    await db.query(
      `SELECT ${moved
        .map(([name, value]) => (value === null ? `setval('${name}', 1, false)` : `setval('${name}', ${value}, true)`))
        .join(', ')}`,
    );
}

async function discard(p: FreshDatabase, closed: boolean): Promise<void> {
  if (!closed) await p.db.close().catch(() => undefined);
  await p.drop();
}

/**
 * A migrated database for one test app: the worker's reused one when it is free and still shaped
 * like the template, else a fresh one from `fresh`. `release` gives it back (or drops a fresh one).
 */
export async function lendMigratedDb(
  fresh: () => Promise<FreshDatabase>,
): Promise<{ db: Db; url?: string; release: () => Promise<void> }> {
  if (lent) {
    const own = await fresh();
    return { db: own.db, url: own.url, release: () => discard(own, false) };
  }
  lent = true;
  let pooled = idle;
  idle = undefined;
  if (pooled) {
    try {
      if ((await fingerprint(pooled.db)) !== pooled.baseline.fingerprint) throw new Error('reshaped');
      await reset(pooled.db, pooled.baseline);
    } catch {
      await discard(pooled, false);
      pooled = undefined;
    }
  }
  if (!pooled) {
    try {
      const made = await fresh();
      pooled = { ...made, baseline: await takeBaseline(made.db) };
    } catch (e) {
      lent = false;
      throw e;
    }
  }
  const p = pooled;
  // The app's listeners end with its lease (on PostgreSQL each holds a connection).
  const listeners: Array<() => Promise<void>> = [];
  let closedByTest = false;
  const db: Db = {
    ...p.db,
    listen: async (channel, onNotify) => {
      const stop = await p.db.listen(channel, onNotify);
      listeners.push(stop);
      return stop;
    },
    close: async () => {
      closedByTest = true;
      await p.db.close();
    },
  };
  let released = false;
  return {
    db,
    url: p.url,
    release: async () => {
      if (released) return;
      released = true;
      await Promise.all(listeners.map((stop) => stop().catch(() => undefined)));
      if (closedByTest) await discard(p, true);
      else idle = p;
      lent = false;
    },
  };
}
