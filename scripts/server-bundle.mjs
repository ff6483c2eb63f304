#!/usr/bin/env node
// The server and its command-line tools as one ES module each, in server/dist: npm start, npm run
// serve/worker/seed/storage:migrate/backup/restore and the processes tests start run these instead of the sources
// through tsx, whose loader transpiles and resolves about 300 files at every start (measured: 4.6-5.5
// CPU-s and 3.2-3.7 s to /api/health through tsx, 3.1-3.5 CPU-s and 2.2-2.5 s from the bundle, on a
// migrated PGlite folder). npm packages stay outside, loaded from node_modules as before; only this
// repository's code is bundled. esbuild takes well under a second, so it builds at every start
// rather than judging the bundles stale or fresh.
// `node scripts/server-bundle.mjs` writes them; `buildServerBundle()` does the same from the tests'
// process helper (synchronously, once per test process).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'server/dist');

/** Each bundle's name (server/dist/<name>.mjs) and its entry. */
export const SERVER_ENTRIES = {
  server: 'server/src/server.ts',
  worker: 'server/src/worker.ts',
  seed: 'server/src/seed/seed-cli.ts',
  'storage-migrate': 'server/src/storage/migrate-cli.ts',
  backup: 'server/src/backup/backup-cli.ts',
  restore: 'server/src/backup/restore-cli.ts',
  witness: 'server/src/witness.ts',
};

/**
 * Builds every bundle into a folder of its own, then renames each into place: a test worker,
 * another worker or `npm start` building at the same moment never reads half a file. Returns the
 * path of each bundle by name.
 */
export function buildServerBundle() {
  fs.mkdirSync(OUT, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(OUT, '.build-'));
  try {
    buildSync({
      absWorkingDir: ROOT,
      entryPoints: SERVER_ENTRIES,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      outdir: tmp,
      outExtension: { '.js': '.mjs' },
      logLevel: 'warning',
    });
    return Object.fromEntries(
      Object.keys(SERVER_ENTRIES).map((name) => {
        const file = path.join(OUT, `${name}.mjs`);
        fs.renameSync(path.join(tmp, `${name}.mjs`), file);
        return [name, file];
      }),
    );
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) buildServerBundle();
