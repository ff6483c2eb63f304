import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../paths.js';
import type { Db } from './index.js';

const dir = path.join(REPO_ROOT, 'server/src/db/migrations');

/** A migration's number: files run in numeric order (1000 after 999, not before 130). */
const number = (name: string) => Number(/^\d+/.exec(name)?.[0] ?? NaN);

/** Any fixed 64-bit number: the advisory lock under which one process at a time migrates. */
const MIGRATION_LOCK = 7_405_201_126;

/** The migration files in the order they run; `before` stops at a number (tests of a data migration set up the older schema first). */
function migrationFiles(before?: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql') && (!before || number(f) < number(before)))
    .sort((a, b) => number(a) - number(b) || (a < b ? -1 : 1));
}

/** The files ship with the code: read once, not at every readiness poll. */
let shipped: string[] | undefined;

/** Every migration file this code ships, in the order they run (a restore checks a snapshot's list against it). */
export const shippedMigrations = (): string[] => [...(shipped ??= migrationFiles())];

/** Files this code has that the database has not applied yet (all of them before the first migration). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const table = await db.query(
    "SELECT 1 FROM pg_tables WHERE schemaname = current_schema() AND tablename = 'schema_migrations'",
  );
  const done = table.rowCount
    ? new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name))
    : new Set<string>();
  return (shipped ??= migrationFiles()).filter((f) => !done.has(f));
}

/**
 * Applies numbered SQL files in numeric order, each once, each in its own transaction.
 * The number only orders the files; its hundreds loosely group a domain (0xx core, 1xx catalogue
 * and search, 2xx login, 3xx schemas and generated resources, 4xx trade), and a file is never renumbered.
 * Migrations run once however many app servers start together: each step takes a transaction-level
 * advisory lock, so a second server waits, then finds the file applied and skips it.
 */
export async function migrate(
  db: Db,
  opts: {
    before?: string;
    /** Only these files (a restore rebuilds the schema a snapshot was taken on, not this code's newest). */
    only?: readonly string[];
  } = {},
): Promise<string[]> {
  await db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await q.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  });
  const done = new Set(
    (await db.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name),
  );
  const only = opts.only && new Set(opts.only);
  const files = migrationFiles(opts.before).filter((f) => !only || only.has(f));
  const applied: string[] = [];
  for (const f of files) {
    if (done.has(f)) continue;
    const sql = fs.readFileSync(path.join(dir, f), 'utf8');
    const ran = await db.tx(async (q) => {
      await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      // Another server may have applied it while this one waited for the lock.
      if ((await q.query('SELECT 1 FROM schema_migrations WHERE name = $1', [f])).rowCount) return false;
      await q.exec(sql);
      await q.query('INSERT INTO schema_migrations(name) VALUES ($1)', [f]);
      return true;
    });
    if (ran) applied.push(f);
  }
  return applied;
}
