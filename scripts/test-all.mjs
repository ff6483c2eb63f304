#!/usr/bin/env node
// The README's test command: typecheck, unit, API on PGlite, API on PostgreSQL (when
// TEST_DATABASE_URL is set), browser tests, lint. Prints one closing "N passed, N failed" line.
// `node scripts/test-all.mjs unit|api|e2e|typecheck|lint` runs one part.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-results-'));
let passed = 0;
let failed = 0;
let broken = false;
/** Every failed test with the first lines of its error, printed last: CI keeps only the log's tail. */
const failures = [];

/**
 * Runs a command to its end. In the foreground its output goes straight through; in the background
 * (another pass runs at the same time) it is kept and printed whole once the command ends, so the
 * two logs do not interleave.
 */
const started = Date.now();
/**
 * The machine's busy CPU seconds so far (Linux /proc/stat), or null elsewhere. The per-pass figures
 * count only the children each pass waits for; Chromium's processes are not among them (about 200
 * CPU-s of a browser pass measured this way), so the run's total is printed from here too.
 */
function machineBusySeconds() {
  try {
    const [, user, nice, system, , , irq, softirq] = fs
      .readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .trim()
      .split(/\s+/)
      .map(Number);
    return (user + nice + system + irq + softirq) / 100;
  } catch {
    return null;
  }
}
const busyAtStart = machineBusySeconds();
/** Each pass's wall time, printed at the end: where the run's time went. */
const timings = [];

function run(label, cmd, args, { env = {}, background = false } = {}) {
  if (!background) console.log(`\n=== ${label} ===`);
  const from = Date.now();
  // CPU seconds per pass (user + system, children included) when GNU time is there: on a 2-core
  // machine the run is CPU-bound, so a pass's CPU, not its wall time, says what shrinking it would buy.
  const cpuFile = path.join(tmp, `${label.replace(/\W+/g, '-')}.cpu`);
  const timed = fs.existsSync('/usr/bin/time')
    ? ['/usr/bin/time', ['-f', '%U %S', '-o', cpuFile, cmd, ...args]]
    : [cmd, args];
  const child = spawn(timed[0], timed[1], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // Piped, a pass would print without colours even to a terminal.
    env: { ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}), ...process.env, ...env },
  });
  // Kept in the foreground too: a pass that exits non-zero with no failed test is explained from it.
  const output = [];
  for (const [stream, sink] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    stream.on('data', (d) => {
      output.push(d);
      if (!background) sink.write(d);
    });
  }
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      const cpu = fs.existsSync(cpuFile)
        ? fs.readFileSync(cpuFile, 'utf8').trim().split(/\s+/).slice(-2).map(Number)
        : [];
      timings.push({
        label,
        from: (from - started) / 1000,
        to: (Date.now() - started) / 1000,
        cpu: cpu.length === 2 ? cpu[0] + cpu[1] : undefined,
      });
      if (background) {
        console.log(`\n=== ${label} (ran beside the pass above) ===`);
        process.stdout.write(Buffer.concat(output));
      }
      if (code !== 0) broken = true;
      resolve({ code, output: Buffer.concat(output).toString('utf8') });
    });
  });
}

// Vitest's default on a 2-core machine is one worker (cores - 1), which leaves a core idle while a
// test waits on a child process, ffmpeg or the database (unit pass: 380 s with one, 233 s with two).
const workers = `--maxWorkers=${Math.max(2, os.availableParallelism() - 1)}`;

async function vitest(label, project, { env = {}, extra = [], background = false } = {}) {
  const out = path.join(tmp, `${label.replace(/\W+/g, '-')}.json`);
  const reporters = [
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
    '--reporter=./scripts/slowest-files-reporter.mjs',
  ];
  const { code, output } = await run(label, 'npx', ['vitest', 'run', '--project', project, ...reporters, ...extra], {
    env,
    background,
  });
  const failedBefore = failures.length;
  if (fs.existsSync(out)) {
    const j = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed += j.numPassedTests;
    failed += j.numFailedTests;
    for (const file of j.testResults ?? []) {
      for (const t of file.assertionResults ?? []) {
        if (t.status !== 'failed') continue;
        const why = (t.failureMessages ?? []).join('\n').split('\n').slice(0, 6).join('\n      ');
        failures.push(`[${label}] ${path.relative(process.cwd(), file.name)} > ${t.fullName}\n      ${why}`);
      }
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
        failures.push(
          `[${label}] ${path.relative(process.cwd(), file.name)} (the file failed outside a test)\n      ${(file.message ?? '').split('\n').slice(0, 6).join('\n      ')}`,
        );
      }
    }
    if (j.numTotalTests === 0) broken = true;
  } else broken = true;
  if (code !== 0 && failures.length === failedBefore)
    failures.push(`[${label}] ${whyExitedWithoutFailure(code, output)}`);
}

/**
 * Why a vitest pass exited non-zero though none of its tests failed, in one line for the closing
 * summary (CI keeps only the log's tail): most often errors vitest caught outside any test, which it
 * prints in a block of their own far above the end.
 */
function whyExitedWithoutFailure(code, output) {
  // eslint-disable-next-line no-control-regex
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
  const caught = /Vitest caught (\d+) unhandled errors?/.exec(plain);
  if (!caught) return `exited with code ${code} though no test failed: its output is above`;
  const kinds = new Map();
  for (const m of plain.matchAll(/(?:Unhandled (?:Rejection|Error)|Uncaught Exception)\s*⎯*\s*\n(.+)/g)) {
    const line = m[1].trim().slice(0, 160);
    kinds.set(line, (kinds.get(line) ?? 0) + 1);
  }
  // vitest names the file that was running when each error came, even when it came after the file's tests.
  const files = [...new Set([...plain.matchAll(/This error originated in "([^"]+)"/g)].map((m) => m[1]))];
  const list = [...kinds, ...files.map((f) => [`while ${f} ran`, ''])]
    .map(([line, n]) => (n ? `${n} × ${line}` : line))
    .join('\n      ');
  return `exited with code ${code}: vitest caught ${caught[1]} unhandled errors outside the tests\n      ${list}`;
}

const only = process.argv[2];
const whole = !only;

// The browser pass serves a production build of the client. In a whole run it is built in the
// background from the start (about 65 s on 1.6 cores), beside the typecheck, which leaves a core
// idle, and the unit pass; the browser pass then serves it (E2E_CLIENT_DIR) instead of building it.
let clientBuild;
if (whole && !process.env.E2E_CLIENT_DIR) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-e2e-client-'));
  const built = run(
    'client build for the browser pass',
    'npx',
    ['vite', 'build', '--logLevel', 'warn', '--emptyOutDir', '--outDir', dir],
    { env: { NODE_ENV: 'production' }, background: true },
  );
  clientBuild = { dir, built };
}

// Lint (ESLint, Prettier, dependency-cruiser's layer rules: npm run lint) beside the typecheck: about
// 55 CPU-s on a fresh clone, single-threaded, so it fills the core the typecheck leaves.
const lint = whole || only === 'lint' ? run('lint', 'npm', ['run', '-s', 'lint'], { background: whole }) : undefined;

// The migrated test templates and the demo media, made once beside the typecheck instead of by
// both workers of the first API pass, and the browser pass's server, at the same time
// (tests/helpers/make-templates.ts).
const templates =
  whole || only === 'api'
    ? run(
        'test fixtures (database templates, demo media)',
        'node',
        ['--import', 'tsx', 'tests/helpers/make-templates.ts'],
        {
          background: true,
        },
      )
    : undefined;

// The browser pass mostly waits (page loads, jobs, the browser), about half a core on average,
// and it is the longest chain of the run: in a whole run it starts as soon as the client is built
// and runs beside the typecheck and unit passes. On fewer than 4 cores the API passes wait for it:
// beside them (four API workers on two cores) its pages starved past their waits (stop 45 on CI:
// seven browser tests timed out, the pass took 2,206 s).
const browserFirst = os.availableParallelism() < 4;
const browserBeside = whole ? browserPass(true) : undefined;

if (whole || only === 'typecheck') {
  if ((await run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'])).code !== 0) failed++;
}
// Unit files that mock modules run isolated; the rest share their worker's modules (vitest.config.ts).
if (whole || only === 'unit') {
  await vitest('unit (isolated)', 'unit', { extra: [workers] });
  await vitest('unit (shared modules)', 'unit-shared', { extra: [workers, '--no-isolate'] });
}

// API test files, too, share each worker's module graph instead of importing the whole server again
// per file (collect: 140-180 s of a pass). Every file builds its own app and database, so no state
// crosses files but what modules cache for themselves (compiled schemas).
const shared = '--no-isolate';
// *.pg.test.ts start several server processes on one database: PostgreSQL only. *.pglite.test.ts
// test the PGlite data folder itself (its lock, its file, its prepared statements) and open it
// whatever TEST_DATABASE_URL says: running them again in the PostgreSQL pass tests nothing new.
// Files that say `@one-engine` spend their time in an outside program (Chromium behind the egress
// proxy, ffmpeg) and use the database for plain rows: with PostgreSQL in the run they run there
// only (production's engine), without it on PGlite; either way once.
const oneEngine = fs
  .readdirSync('tests/api', { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.ts$/.test(f) && fs.readFileSync(path.join('tests/api', f), 'utf8').includes('@one-engine'))
  .flatMap((f) => ['--exclude', `tests/api/${f}`]);
const pglitePass = () =>
  vitest('api (PGlite)', 'api', {
    env: { TEST_DATABASE_URL: '' },
    extra: ['--exclude', '**/*.pg.test.ts', ...(process.env.TEST_DATABASE_URL ? oneEngine : []), workers, shared],
  });
const postgresPass = (background = false) =>
  vitest('api (PostgreSQL)', 'api', { extra: ['--exclude', '**/*.pglite.test.ts', workers, shared], background });

/**
 * Browser files that start the production shape on PostgreSQL (*.pg.test.ts): only with TEST_DATABASE_URL.
 * A function declaration, not a const: a whole run calls browserPass before the module's top-level
 * awaits have reached this line.
 */
function browserExtra() {
  if (process.env.TEST_DATABASE_URL) return [];
  console.log('TEST_DATABASE_URL not set: the browser pass leaves out the deployment journey (*.pg.test.ts).');
  return ['--exclude', '**/*.pg.test.ts'];
}

async function browserPass(background = false) {
  if (!clientBuild) return vitest('e2e (Chromium)', 'e2e', { background, extra: browserExtra() });
  const { code } = await clientBuild.built;
  // Its server seeds the demo catalogue from the media the fixtures step makes.
  await templates;
  if (code === 0)
    await vitest('e2e (Chromium)', 'e2e', {
      env: { E2E_CLIENT_DIR: clientBuild.dir },
      background,
      extra: browserExtra(),
    });
  else console.log('\nThe client build failed: the browser pass did not run.');
  // The build writes the server-render bundle beside the client (vite.config.ts, ssrOutDir).
  for (const dir of [clientBuild.dir, `${clientBuild.dir}-ssr`]) fs.rmSync(dir, { recursive: true, force: true });
}

if (only === 'api') {
  await templates;
  await pglitePass();
  if (process.env.TEST_DATABASE_URL) await postgresPass();
  else console.log('TEST_DATABASE_URL not set: the API suite ran on PGlite only.');
}
if (only === 'e2e') await browserPass();
if (whole) {
  await templates;
  if (browserFirst) await browserBeside;
  // The PostgreSQL pass beside the PGlite pass, not after it: alone at the end of the run it left
  // 10-40 % of the cores idle (its workers wait on PostgreSQL's replies), and its 200 s were the
  // run's last stretch. Beside the PGlite and browser passes those waits are filled.
  const postgres = process.env.TEST_DATABASE_URL ? postgresPass(true) : undefined;
  await pglitePass();
  if (postgres) await postgres;
  else console.log('TEST_DATABASE_URL not set: the API suite ran on PGlite only.');
  await browserBeside;
}
if (lint && (await lint).code !== 0) {
  failed++;
  failures.push(
    '[lint] npm run lint failed: its output is above (run `npm run format` for Prettier, `npm run lint` to see the rest)',
  );
}

console.log('\nWall time per pass (seconds from the start of the run) and its CPU seconds (children included):');
for (const t of timings) {
  const cpu = t.cpu === undefined ? '' : `${t.cpu.toFixed(0).padStart(5)} CPU-s`;
  console.log(
    `${t.from.toFixed(0).padStart(5)} -> ${t.to.toFixed(0).padStart(4)}  ${(t.to - t.from).toFixed(0).padStart(4)} s ${cpu.padEnd(11)} ${t.label}`,
  );
}
const total = timings.reduce((sum, t) => sum + (t.cpu ?? 0), 0);
if (total) console.log(`${total.toFixed(0)} CPU-s in all passes (PostgreSQL's own server not counted)`);
const busyAtEnd = machineBusySeconds();
if (busyAtStart !== null && busyAtEnd !== null)
  console.log(
    `${(busyAtEnd - busyAtStart).toFixed(0)} CPU-s busy on the machine during the run (Chromium, PostgreSQL and anything else included)`,
  );
if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(broken || failed ? 1 : 0);
