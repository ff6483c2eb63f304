import { execSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { chromium, type BrowserServer } from 'playwright-core';
import { CHROMIUM_LAUNCH } from '../helpers/browser.js';
import { exited, freePort, spawnServer, waitUntilUp } from '../helpers/server-process.js';
import { migratedTemplate } from '../helpers/pglite-template.js';
import { openDb } from '../../server/src/db/index.js';
import { startWitness, type WitnessProcess } from '../helpers/witness.js';
import { signerFromSeed, signerKeyString } from '../../server/src/evidence/note-signer.js';

/**
 * Builds a production client into a temporary folder (never ./dist, which a running `npm start`
 * may be serving), then runs the real server (PGlite, seeded) on a free port, serving that build.
 * E2E_CLIENT_DIR=<folder> serves an existing build instead (quick reruns); it is not deleted.
 */
let server: ChildProcess | undefined;
let browserServer: BrowserServer | undefined;
let dataDir = '';
let builtDir = '';
let witnesses: WitnessProcess[] = [];

/** The evidence log's name in this run: its key is made here, so the witnesses can know it before the server starts. */
const LOG_ORIGIN = 'lumen.e2e/evidence-log';

export default async function setup(project: TestProject) {
  const distBefore = snapshotDir(path.resolve('dist'));
  let clientDir = process.env.E2E_CLIENT_DIR ? path.resolve(process.env.E2E_CLIENT_DIR) : '';
  if (!clientDir) {
    clientDir = builtDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-e2e-client-'));
    // vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    execSync(`npx vite build --logLevel warn --emptyOutDir --outDir ${JSON.stringify(clientDir)}`, {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-e2e-'));
  // The server finds its PGlite folder migrated already (the API tests' template): no initdb and no
  // 58 migrations at start; it seeds the demo data as on any empty database.
  const db = await openDb({ pgliteDir: path.join(dataDir, 'pglite'), loadDataDir: await migratedTemplate() });
  await db.close();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // The capture tests serve their page on this one loopback port; the server's egress policy
  // refuses loopback, so the allow-list opens exactly that port (as a deployment would for an inner site).
  const captureSitePort = await freePort();
  // Two witness processes (`npm run witness`), each with its own key and state folder, cosign every
  // checkpoint the server's log signs, as in a deployment: receipts carry both cosignatures.
  const logSeed = crypto.randomBytes(32);
  const logVerifierKey = signerFromSeed(LOG_ORIGIN, logSeed).verifierKey;
  witnesses = await Promise.all(
    ['w1', 'w2'].map((n) => startWitness(path.join(dataDir, `witness-${n}`), `witness.e2e/${n}`, [logVerifierKey])),
  );
  server = spawnServer(port, {
    EVIDENCE_LOG_KEY: signerKeyString(LOG_ORIGIN, logSeed),
    EVIDENCE_WITNESSES: witnesses.map((w) => `${w.url} ${w.verifierKey}`).join(','),
    EGRESS_ALLOW: `127.0.0.1:${captureSitePort}`,
    DATA_DIR: dataDir,
    CLIENT_DIR: clientDir,
    NODE_ENV: 'development',
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    EXPOSE_PAGE_VIEWS: '1',
    SMS_IP_DAILY_MAX: '200',
    SMS_IP_INTERVAL_S: '0',
    STAT_RATE_LIMIT: '2000',
  });
  // The server answers within seconds; the demo media are made by background jobs afterwards
  // (about two minutes on a cold media cache), and the tests expect them: wait for seedPending 0.
  await waitUntilUp(baseUrl, server, 360_000, (h) => h.data?.seedPending === 0);
  // The server must be serving this run's build, not whatever ./dist holds. A page it does not
  // render on the server (the home page it does: src/entry-server.tsx) is index.html as built.
  const served = await (await fetch(`${baseUrl}/account/welcome`)).text();
  if (served !== fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8'))
    throw new Error(`the server does not serve the client built in ${clientDir}`);
  // One Chromium for every browser file (tests/helpers/browser.ts, launchBrowser).
  browserServer = await chromium.launchServer(CHROMIUM_LAUNCH);
  project.provide('browserWsEndpoint', browserServer.wsEndpoint());
  project.provide('baseUrl', baseUrl);
  project.provide('captureSitePort', captureSitePort);
  project.provide('dataDir', dataDir);
  project.provide('clientDir', clientDir);
  project.provide('distBefore', distBefore);
  project.provide(
    'witnessKeys',
    witnesses.map((w) => w.verifierKey),
  );
  return async () => {
    await browserServer?.close();
    if (server) {
      server.kill('SIGTERM');
      // The server releases the data-folder lock as it closes; wait for that before deleting the folder.
      await Promise.race([exited(server), new Promise((r) => setTimeout(r, 15_000).unref())]);
    }
    await Promise.all(witnesses.map((w) => w.stop()));
    fs.rmSync(dataDir, { recursive: true, force: true });
    // The build writes the server-render bundle beside the client (vite.config.ts, ssrOutDir).
    for (const dir of builtDir ? [builtDir, `${builtDir}-ssr`] : []) fs.rmSync(dir, { recursive: true, force: true });
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
    /** The shared Chromium's Playwright endpoint (tests/helpers/browser.ts, launchBrowser). */
    browserWsEndpoint: string;
    /** The loopback port the capture tests' site listens on: the only loopback address the server's EGRESS_ALLOW opens. */
    captureSitePort: number;
    dataDir: string;
    /** The client build the server serves (a temporary folder unless E2E_CLIENT_DIR is set). */
    clientDir: string;
    /** ./dist as it was before the run (snapshotDir), to prove the run left it alone. */
    distBefore: string;
    /** The verifier keys of the two witnesses that cosign the log's checkpoints. */
    witnessKeys: string[];
  }
}
