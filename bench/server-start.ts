/**
 * A server restart: wall time to the first /api/health answer and the process's CPU seconds by
 * then, on a migrated PGlite folder (no seed), for the bundle npm start runs (server/dist/server.mjs)
 * and, as the baseline in the same run, the sources through tsx (how every start ran before).
 * Rounds alternate between the two so a busy moment hits both.
 *
 *   node --import tsx bench/server-start.ts            # 7 rounds
 *   BENCH_ROUNDS=15 node --import tsx bench/server-start.ts
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb } from '../server/src/db/index.js';
import { migratedTemplate } from '../tests/helpers/pglite-template.js';
import { exited, freePort, serverBundle, waitUntilUp } from '../tests/helpers/server-process.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const TICK = 100; // clock ticks per second of /proc/<pid>/stat (Linux default)

/** User + system CPU seconds of a process and its children that have ended. */
function cpuOf(pid: number): number {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / TICK;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-bench-start-'));
const db = await openDb({ pgliteDir: path.join(dataDir, 'pglite'), loadDataDir: await migratedTemplate() });
await db.close();

const ways = {
  'bundle (server/dist/server.mjs)': [serverBundle()],
  'baseline: tsx server/src/server.ts': ['--import', 'tsx', 'server/src/server.ts'],
};
const results = new Map<string, { wall: number[]; cpu: number[] }>(
  Object.keys(ways).map((k) => [k, { wall: [], cpu: [] }]),
);
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, args] of Object.entries(ways)) {
    const port = await freePort();
    const started = Date.now();
    const child = spawn(process.execPath, args, {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED: '0',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        CLIENT_DIR: path.join(dataDir, 'no-client'),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitUntilUp(`http://127.0.0.1:${port}`, child, 60_000);
    const r = results.get(name)!;
    r.wall.push((Date.now() - started) / 1000);
    r.cpu.push(cpuOf(child.pid!));
    child.kill('SIGTERM');
    await exited(child);
  }
}
fs.rmSync(dataDir, { recursive: true, force: true });

console.log(`Server start to /api/health on a migrated PGlite folder, ${ROUNDS} rounds (p50 / p95 / p99):`);
const base = results.get('baseline: tsx server/src/server.ts')!;
const line = (xs: number[], unit: string) => `${[50, 95, 99].map((p) => pct(xs, p).toFixed(2)).join(' / ')} ${unit}`;
const ratio = (xs: number[], ys: number[]) => (pct(xs, 50) / pct(ys, 50)).toFixed(2);
// The baseline first, then each other way with its ratio to it.
for (const [name, r] of [...results].sort(([, a]) => (a === base ? -1 : 1))) {
  console.log(`  ${name.padEnd(36)} wall ${line(r.wall, 's')}   CPU ${line(r.cpu, 'CPU-s')}`);
  if (r !== base)
    console.log(
      `  ${'ratio to the baseline (p50)'.padEnd(36)} wall ${ratio(r.wall, base.wall)}   CPU ${ratio(r.cpu, base.cpu)}`,
    );
}
