import { spawn, execSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Builds a production client into a temporary folder (never ./dist, which a running `npm start`
 * may be serving), then runs the real server (PGlite, seeded) on a free port, serving that build.
 * E2E_CLIENT_DIR=<folder> serves an existing build instead (quick reruns); it is not deleted.
 */
let server: ChildProcess | undefined;
let dataDir = '';
let builtDir = '';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export default async function setup(project: TestProject) {
  const distBefore = snapshotDir(path.resolve('dist'));
  let clientDir = process.env.E2E_CLIENT_DIR ? path.resolve(process.env.E2E_CLIENT_DIR) : '';
  if (!clientDir) {
    clientDir = builtDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-e2e-client-'));
    // vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    execSync(`npx vite build --logLevel warn --emptyOutDir --outDir ${JSON.stringify(clientDir)}`, { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  }
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CLIENT_DIR: clientDir, PUBLIC_URL: baseUrl, NODE_ENV: 'development', DATABASE_URL: '', LOG_LEVEL: 'warn', EXPOSE_PAGE_VIEWS: '1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      const r = await fetch(`${baseUrl}/api/health`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (server.exitCode !== null) throw new Error('server exited during start-up');
    if (Date.now() > deadline) throw new Error('server did not start in time');
    await new Promise((r) => setTimeout(r, 300));
  }
  // The server must be serving this run's build, not whatever ./dist holds.
  const served = await (await fetch(`${baseUrl}/`)).text();
  if (served !== fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8')) throw new Error(`the server does not serve the client built in ${clientDir}`);
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('clientDir', clientDir);
  project.provide('distBefore', distBefore);
  return async () => {
    server?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (builtDir) fs.rmSync(builtDir, { recursive: true, force: true });
  };
}

/** Every file under a folder with its size and modification time ('' when there is no folder). */
export function snapshotDir(dir: string): string {
  if (!fs.existsSync(dir)) return '';
  const rows: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else {
        const st = fs.statSync(full);
        rows.push(`${path.relative(dir, full)} ${st.size} ${st.mtimeMs}`);
      }
    }
  };
  walk(dir);
  return rows.sort().join('\n');
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** The client build the server serves (a temporary folder unless E2E_CLIENT_DIR is set). */
    clientDir: string;
    /** ./dist as it was before the run (snapshotDir), to prove the run left it alone. */
    distBefore: string;
  }
}
