import { spawn, execSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/** Builds the client once, then runs the real server (PGlite, seeded, seed jobs done) on a free port. */
let server: ChildProcess | undefined;
let dataDir = '';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export default async function setup(project: TestProject) {
  if (!process.env.E2E_SKIP_BUILD) execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: baseUrl, NODE_ENV: 'development', DATABASE_URL: '', LOG_LEVEL: 'warn', EXPOSE_PAGE_VIEWS: '1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // The server answers within seconds; the demo media are made by background jobs afterwards
  // (about two minutes on a cold media cache), and the tests expect them: wait for seedPending 0.
  const deadline = Date.now() + 360_000;
  for (;;) {
    try {
      const r = await fetch(`${baseUrl}/api/health`);
      if (r.ok && (await r.json()).data?.seedPending === 0) break;
    } catch {
      /* not up yet */
    }
    if (server.exitCode !== null) throw new Error('server exited during start-up');
    if (Date.now() > deadline) throw new Error('server did not start (or finish its seed jobs) in time');
    await new Promise((r) => setTimeout(r, 300));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  return async () => {
    server?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}
