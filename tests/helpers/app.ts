import { openDb, type Db } from '../../server/src/db/index.js';
import { migrate } from '../../server/src/db/migrate.js';
import { migratedTemplate } from './pglite-template.js';
import { copyOfMigratedTemplate } from './pg-template.js';
import { lendMigratedDb, type FreshDatabase } from './reused-db.js';
import { buildApp, type AppDeps } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { createSession } from '../../server/src/repositories/sessions.js';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A new empty schema in the PostgreSQL at `url`: the URL that uses it, and how to drop it again. */
export async function freshSchema(url: string, prefix = 't'): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `${prefix}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema},public`);
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}

/**
 * A fresh empty database that can be opened several times (restarts, a second worker's own
 * connections): a temporary PGlite folder, or a new schema in TEST_DATABASE_URL's database.
 * `drop` removes it; close every Db you opened first.
 */
export async function makeTestDatabase(
  opts: { pgliteDir?: string; migrated?: boolean } = {},
): Promise<{ open: () => Promise<Db>; drop: () => Promise<void>; url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dir = opts.pgliteDir ?? 'memory://';
    // A migrated database starts from the template instead of initdb + migrations: every open in
    // memory, a folder's first open only (later opens find the folder's own data).
    const empty = () => dir === 'memory://' || !fs.existsSync(path.join(dir, 'PG_VERSION'));
    const open = async () =>
      openDb({ pgliteDir: dir, loadDataDir: opts.migrated && empty() ? await migratedTemplate() : undefined });
    return { open, drop: async () => undefined };
  }
  // A migrated database is a copy of a migrated template where the role may create databases.
  const fresh = (opts.migrated && (await copyOfMigratedTemplate(url))) || (await freshSchema(url));
  return { open: () => openDb({ databaseUrl: fresh.url }), drop: fresh.drop, url: fresh.url };
}

/** A new database, opened; `release` closes and drops it. */
async function ownDatabase(migrated: boolean): Promise<FreshDatabase & { release: () => Promise<void> }> {
  const { open, drop, url } = await makeTestDatabase({ migrated });
  const db = await open();
  return { db, url, drop, release: () => db.close().then(drop) };
}

/**
 * A fresh app on a database as migrations leave it: in-memory PGlite by default, or a database in
 * the PostgreSQL named by TEST_DATABASE_URL (the same suite runs on both engines). The database is
 * the worker's reused one, emptied back to the template's rows (reused-db.ts).
 */
export async function makeTestApp(
  overrides: Record<string, string> = {},
  opts: { beforeMigrate?: (db: Db) => Promise<void>; onRoute?: AppDeps['onRoute'] } = {},
): Promise<{
  app: FastifyInstance;
  db: Db;
  /** PostgreSQL only: the URL of this app's database, for a second connection pool on it. */
  databaseUrl?: string;
  close: () => Promise<void>;
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    CLIENT_DIR: path.join(dataDir, 'no-client'),
    SEED: '0',
    LOG_LEVEL: 'warn',
    ...overrides,
  });
  // A data-migration test migrates part of the way and writes old-shaped rows first: a database of
  // its own. Every other app borrows the worker's migrated database (reused-db.ts).
  const {
    db,
    url: databaseUrl,
    release,
  } = opts.beforeMigrate ? await ownDatabase(false) : await lendMigratedDb(() => ownDatabase(true));
  await opts.beforeMigrate?.(db);
  await migrate(db);
  const app = await buildApp({ config, db, logger: false, onRoute: opts.onRoute });
  await app.ready();
  return {
    app,
    db,
    databaseUrl,
    close: async () => {
      await app.close();
      await release();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Creates a user row directly and returns a valid token for it (login flows are tested elsewhere). */
export async function makeUser(
  db: Db,
  fields: Partial<{
    phone: string;
    username: string;
    owner_type: string;
    enhanced_auth: boolean;
    roles: string[];
    company_name: string;
  }> = {},
): Promise<{ id: number; token: string; auth: { authorization: string } }> {
  const phone = fields.phone ?? `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const r = await db.query<{ id: number }>(
    `INSERT INTO users(phone, username, nickname, owner_type, enhanced_auth, roles, company_name)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      phone,
      fields.username ?? null,
      `用户${phone.slice(-4)}`,
      fields.owner_type ?? 'PERSONAL',
      fields.enhanced_auth ?? false,
      fields.roles ?? ['buyer'],
      fields.company_name ?? null,
    ],
  );
  const id = Number(r.rows[0].id);
  const token = await createSession(db, id);
  return { id, token, auth: { authorization: token } };
}
