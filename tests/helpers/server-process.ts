import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb } from '../../server/src/db/index.js';
import { migrate } from '../../server/src/db/migrate.js';
import { freshSchema, makeUser } from './app.js';
import { copyOfMigratedTemplate } from './pg-template.js';
import { migratedTemplate } from './pglite-template.js';
import { buildServerBundle } from '../../scripts/server-bundle.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

let bundles: ReturnType<typeof buildServerBundle> | undefined;
/**
 * The server as npm start runs it (scripts/server-bundle.mjs), built from this checkout's sources
 * once per test process: every server a test starts runs the code under test, not an older bundle.
 */
export function serverBundle(): string {
  return (bundles ??= buildServerBundle()).server;
}

/**
 * A command-line tool's bundle (server/dist/worker.mjs, seed.mjs, storage-migrate.mjs, backup.mjs,
 * restore.mjs, witness.mjs), built like serverBundle's.
 */
export function cliBundle(name: 'worker' | 'seed' | 'storage-migrate' | 'backup' | 'restore' | 'witness'): string {
  return (bundles ??= buildServerBundle())[name];
}

/** The real server process (server/dist/server.mjs) on 127.0.0.1:port with the given environment on top. */
export function spawnServer(
  port: number,
  env: NodeJS.ProcessEnv,
  stdio: StdioOptions = ['ignore', 'inherit', 'inherit'],
): ChildProcess {
  return spawn(process.execPath, [serverBundle()], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
    stdio,
  });
}

/** Resolves once /api/health answers; throws if the process exits first or the time runs out. */
export async function waitUntilUp(
  baseUrl: string,
  server: ChildProcess,
  timeoutMs = 180_000,
  ready: (health: { data?: Record<string, unknown> }) => boolean = () => true,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const r = await fetch(`${baseUrl}/api/health`);
      if (r.ok && ready(await r.json())) return;
    } catch {
      /* not up yet */
    }
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error(`server exited during start-up (${server.exitCode ?? server.signalCode})`);
    if (Date.now() > deadline) throw new Error('server did not start in time');
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Resolves with the exit code (or signal) once the process has ended. */
export function exited(p: ChildProcess): Promise<number | string> {
  if (p.exitCode !== null || p.signalCode !== null) return Promise.resolve(p.exitCode ?? p.signalCode!);
  return new Promise((resolve) => p.once('exit', (code, signal) => resolve(code ?? signal!)));
}

/**
 * A database for a real server process: PGlite in DATA_DIR, or (TEST_DATABASE_URL) a fresh schema
 * of that PostgreSQL. Migrated, with one creator whose token is returned; the database is closed
 * again so the server process can open it.
 */
export async function prepareServerData(): Promise<{
  dataDir: string;
  env: Record<string, string>;
  token: string;
  cleanup: () => Promise<void>;
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-proc-'));
  const env: Record<string, string> = {};
  let dropSchema = async () => {};
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const fresh = (await copyOfMigratedTemplate(url)) ?? (await freshSchema(url, 'p'));
    env.DATABASE_URL = fresh.url;
    dropSchema = fresh.drop;
  }
  // Both engines start from their migrated template (no initdb, no 58 migrations); migrate() then checks.
  const db = await openDb({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: path.join(dataDir, 'pglite'),
    loadDataDir: url ? undefined : await migratedTemplate(),
  });
  await migrate(db);
  const { token } = await makeUser(db, { roles: ['buyer', 'creator'] });
  await db.close();
  return {
    dataDir,
    env,
    token,
    cleanup: async () => {
      await dropSchema();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  stderr: () => string;
}

/**
 * Starts the server (server/dist/server.mjs) as its own process and waits until /api/health answers.
 * SERVER_NODE_ARGS adds node flags (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"); SERVER_STDERR=1 echoes its log.
 */
export async function startServer(dataDir: string, env: Record<string, string>, port: number): Promise<ServerProcess> {
  let err = '';
  const child = spawn(process.execPath, [...(process.env.SERVER_NODE_ARGS?.split(' ') ?? []), serverBundle()], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED: '0',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      CLIENT_DIR: path.join(dataDir, 'no-client'),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (d) => {
    err += d;
    if (process.env.SERVER_STDERR) process.stderr.write(d);
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${err}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base, stderr: () => err };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${err}`);
}
