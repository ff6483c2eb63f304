#!/usr/bin/env node
// The server as one ES module (server/dist/server.mjs): npm start and the tests' server processes run
// it instead of server/src/server.ts through tsx, whose loader transpiles and resolves about 300
// files at every start (measured: 4.6-5.5 CPU-s and 3.2-3.7 s to /api/health through tsx, 3.1-3.5
// CPU-s and 2.2-2.5 s from the bundle, on a migrated PGlite folder). npm packages stay outside,
// loaded from node_modules as before; only this repository's code is bundled. esbuild takes well
// under a second, so it is built at every start rather than judged stale or fresh.
// `node scripts/server-bundle.mjs` writes it; `buildServerBundle()` does the same from the tests' process helper
// (synchronously: about 0.3 s, once per test process).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUNDLE = path.join(ROOT, 'server/dist/server.mjs');

/**
 * Writes the bundle to a file of its own, then renames it into place: a test worker, another
 * worker or `npm start` building at the same moment never reads half a file.
 */
export function buildServerBundle(outFile = SERVER_BUNDLE) {
  const tmp = `${outFile}.${process.pid}.${Date.now()}.tmp.mjs`;
  buildSync({
    absWorkingDir: ROOT,
    entryPoints: ['server/src/server.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile: tmp,
    logLevel: 'warning',
  });
  fs.renameSync(tmp, outFile);
  return outFile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) buildServerBundle();
