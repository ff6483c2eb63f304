#!/usr/bin/env node
// The README's test command: typecheck, unit, API on PGlite, API on PostgreSQL (when
// TEST_DATABASE_URL is set), browser tests. Prints one closing "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-results-'));
let passed = 0;
let failed = 0;
let broken = false;

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) broken = true;
  return r.status;
}

// Vitest's default on a 2-core machine is one worker (cores - 1), which leaves a core idle while a
// test waits on a child process, ffmpeg or the database (unit pass: 380 s with one, 233 s with two).
const workers = `--maxWorkers=${Math.max(2, os.availableParallelism() - 1)}`;

function vitest(label, project, env = {}, extra = []) {
  const out = path.join(tmp, `${label.replace(/\W+/g, '-')}.json`);
  run(label, 'npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...extra], env);
  if (fs.existsSync(out)) {
    const j = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed += j.numPassedTests;
    failed += j.numFailedTests;
    if (j.numTotalTests === 0) broken = true;
  } else broken = true;
}

const only = process.argv[2];
if (!only || only === 'typecheck') {
  if (run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']) !== 0) failed++;
}
// Unit files that mock modules run isolated; the rest share their worker's modules (vitest.config.ts).
if (!only || only === 'unit') {
  vitest('unit (isolated)', 'unit', {}, [workers]);
  vitest('unit (shared modules)', 'unit-shared', {}, [workers, '--no-isolate']);
}
// API test files, too, share each worker's module graph instead of importing the whole server again per
// file (collect: 140-180 s of a pass). Every file builds its own app and database, so no state
// crosses files but what modules cache for themselves (compiled schemas).
const shared = '--no-isolate';
if (!only || only === 'api') {
  // *.pg.test.ts start several server processes on one database: PostgreSQL only. *.pglite.test.ts
  // test the PGlite data folder itself (its lock, its file, its prepared statements) and open it
  // whatever TEST_DATABASE_URL says: running them again in the PostgreSQL pass tests nothing new.
  vitest('api (PGlite)', 'api', { TEST_DATABASE_URL: '' }, ['--exclude', '**/*.pg.test.ts', workers, shared]);
  if (process.env.TEST_DATABASE_URL) vitest('api (PostgreSQL)', 'api', {}, ['--exclude', '**/*.pglite.test.ts', workers, shared]);
  else console.log('TEST_DATABASE_URL not set: the API suite ran on PGlite only.');
}
if (!only || only === 'e2e') vitest('e2e (Chromium)', 'e2e');

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(broken || failed ? 1 : 0);
