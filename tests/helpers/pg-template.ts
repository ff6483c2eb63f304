import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDb } from '../../server/src/db/index.js';
import { migrate } from '../../server/src/db/migrate.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const migrations = path.join(root, 'server/src/db/migrations');

/** Any fixed 64-bit number: the advisory lock under which one worker at a time makes the template. */
const TEMPLATE_LOCK = 7_405_201_127;
const PREFIX = 'lumen_tpl_';

/** Names the template after every migration's text and this file's, like the PGlite template. */
function templateName(): string {
  const h = crypto.createHash('sha256');
  for (const f of fs.readdirSync(migrations).sort()) h.update(f).update(fs.readFileSync(path.join(migrations, f)));
  h.update(fs.readFileSync(fileURLToPath(import.meta.url)));
  return PREFIX + h.digest('hex').slice(0, 16);
}

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin<T>(url: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

let template: Promise<string | null> | undefined;

/**
 * A migrated template database beside TEST_DATABASE_URL's (made once per migration set, by the
 * first worker that needs it, under an advisory lock), or null when the role may not create
 * databases. Copying it takes about 0.2 s where a fresh schema's 58 migrations took 1-2.5 s and
 * its DROP SCHEMA CASCADE another second, per test file, on both workers of the API pass.
 */
export function migratedTemplate(url: string): Promise<string | null> {
  template ??= admin(url, async (c) => {
    const allowed = await c.query<{ ok: boolean }>(
      'SELECT rolcreatedb OR rolsuper AS ok FROM pg_roles WHERE rolname = current_user',
    );
    if (!allowed.rows[0]?.ok) return null;
    const name = templateName();
    await dropLeftovers(c, url);
    await c.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const have = await c.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE '${PREFIX}%'`,
      );
      if (have.rows.some((r) => r.datname === name)) return name;
      // Templates of older migration sets are no use to anyone: drop them.
      for (const r of have.rows) await c.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
      const building = `${name}_building`;
      await c.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await c.query(`CREATE DATABASE ${building} TEMPLATE template0 ENCODING 'UTF8'`);
      const db = await openDb({ databaseUrl: withDatabase(url, building) });
      try {
        await db.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
        await migrate(db);
      } finally {
        await db.close();
      }
      // Renamed only when whole, so a worker that died half-way leaves nothing that looks usable.
      await c.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      return name;
    } finally {
      await c.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  return template;
}

/**
 * A new database copied from the migrated template: its URL and how to drop it again; null when
 * templates cannot be made here (the caller then migrates a fresh schema).
 */
export async function copyOfMigratedTemplate(url: string): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const tpl = await migratedTemplate(url);
  if (!tpl) return null;
  const name = `t_${process.pid}_${Date.now()}_${crypto.randomBytes(3).toString('hex')}`;
  // FILE_COPY copies the files (with fsync off, a page-cache copy) where the default WAL_LOG reads and
  // logs every block: 5.5 ms of server CPU a copy instead of 8-26 (ten copies each way, PostgreSQL 15).
  await admin(url, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${tpl} STRATEGY FILE_COPY`));
  return {
    url: withDatabase(url, name),
    drop: () => dropDatabase(url, name),
  };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Drops a test database once the test's connections are gone. Not WITH (FORCE): that would kill a
 * pool connection still closing (an unhandled 57P01 in the test) and, for a role that is not a
 * superuser, fails on autovacuum workers, which a plain DROP DATABASE stops by itself. A database
 * still in use after a few tries is left to the next run, which drops what dead processes left.
 */
async function dropDatabase(url: string, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin(url, (c) => c.query(`DROP DATABASE IF EXISTS ${name}`));
      return;
    } catch (e) {
      if ((e as { code?: string }).code !== '55006' || attempt >= 20) return;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** Test databases of processes that are gone (killed runs, databases that stayed in use). */
async function dropLeftovers(c: pg.Client, url: string): Promise<void> {
  const rows = (await c.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname ~ '^t_[0-9]+_'`))
    .rows;
  for (const { datname } of rows) if (!alive(Number(datname.split('_')[1]))) await dropDatabase(url, datname);
}
