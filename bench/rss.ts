/**
 * Server memory (RSS), read from /proc: the peak during a first start (migrations, seed, the
 * background demo-media jobs), idle after them, and under load (rotating detail, list, search and
 * home requests). Baseline in the same run: the bare Fastify route of bench/bare-detail-server.ts
 * on the same database (PGlite folder or PostgreSQL schema), idle and under the same load.
 *
 *   node --import tsx bench/rss.ts                       # PGlite (the default start)
 *   BENCH_DATABASE_URL=postgres://lumen:lumen@127.0.0.1:5432/lumen_bench node --import tsx bench/rss.ts
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { benchSchema } from './pg-schema.js';
import { exited, freePort, spawnServer, waitUntilUp } from '../tests/helpers/server-process.js';

const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/** VmRSS and VmHWM (the peak RSS since the process started) of a process, in MiB. */
function memOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(status.match(new RegExp(`${name}:\\s+(\\d+) kB`))?.[1] ?? 0) / 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** Samples RSS every 100 ms while fn runs; returns the highest sample and the mean. */
async function sampled<T>(pid: number, fn: () => Promise<T>): Promise<{ max: number; mean: number; result: T }> {
  const xs: number[] = [];
  const timer = setInterval(() => xs.push(memOf(pid).rss), 100);
  try {
    const result = await fn();
    return {
      max: Math.max(...xs, memOf(pid).rss),
      mean: xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length),
      result,
    };
  } finally {
    clearInterval(timer);
  }
}

async function load(base: string, paths: string[]): Promise<number> {
  let i = 0;
  const r = await autocannon({
    url: base + paths[0],
    connections: 10,
    duration: LOAD_SECONDS,
    requests: [{ setupRequest: (req: any) => ({ ...req, path: paths[i++ % paths.length] }) }],
  });
  return r.requests.average;
}

const pgUrl = process.env.BENCH_DATABASE_URL;
const pgSchema = pgUrl ? await benchSchema(pgUrl, 'bench_rss') : null;
const databaseUrl = pgSchema?.databaseUrl ?? '';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-bench-rss-'));
const rows: Array<[string, string]> = [];
let server: ChildProcess | undefined;
let bare: ChildProcess | undefined;
try {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t0 = Date.now();
  server = spawnServer(port, {
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    CLIENT_DIR: path.join(dataDir, 'none'),
  });
  const pid = server.pid!;
  const start = await sampled(pid, () => waitUntilUp(base, server!, 900_000, (h) => h.data?.seedPending === 0));
  console.log(`first start and demo media: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  await new Promise((r) => setTimeout(r, 5000));
  const idle = memOf(pid);
  const list = (await (await fetch(`${base}/api/items/list?page=1&pageSize=60`)).json()).data.list as Array<{
    id: number;
  }>;
  const ids = list.map((m) => m.id);
  const paths = [
    ...ids.map((id) => `/api/items/detail/${id}`),
    '/api/items/list?page=1&pageSize=20',
    '/api/items/list?page=2&pageSize=20&type=11',
    `/api/index/search?keyword=${encodeURIComponent('城市')}&page=1&pageSize=20`,
    `/api/index/search?keyword=${encodeURIComponent('花朵')}&page=1&pageSize=20`,
    '/api/index/newest?limit=8',
    '/api/index/categories',
  ];
  const loaded = await sampled(pid, () => load(base, paths));
  const peakAll = memOf(pid).peak;
  server.kill('SIGTERM');
  await exited(server);
  server = undefined;

  // Baseline: the bare route on the same database, idle and under the detail part of the same load.
  const bport = await freePort();
  bare = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-detail-server.ts'], {
    env: {
      ...process.env,
      PORT: String(bport),
      ...(pgUrl ? { DATABASE_URL: databaseUrl } : { PGLITE_DIR: path.join(dataDir, 'pglite') }),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const bbase = `http://127.0.0.1:${bport}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${bbase}/detail/${ids[0]}`)).ok) break;
    } catch {
      /* starting */
    }
    if (i > 300) throw new Error('bare server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  await new Promise((r) => setTimeout(r, 2000));
  const bareIdle = memOf(bare.pid!);
  const bareLoaded = await sampled(bare.pid!, () =>
    load(
      bbase,
      ids.map((id) => `/detail/${id}`),
    ),
  );

  const f = (x: number) => `${x.toFixed(0)} MiB`;
  rows.push(
    ['engine', pgUrl ? 'PostgreSQL' : 'PGlite'],
    ['product: peak RSS during the first start (sampled max)', f(start.max)],
    ['product: RSS idle after the demo media', f(idle.rss)],
    [
      'product: RSS under load (max / mean)',
      `${f(loaded.max)} / ${f(loaded.mean)} (${loaded.result.toFixed(0)} req/s)`,
    ],
    ['product: peak RSS over the whole run (VmHWM)', f(peakAll)],
    ['baseline bare Fastify route: RSS idle', f(bareIdle.rss)],
    [
      'baseline: RSS under load (max / mean)',
      `${f(bareLoaded.max)} / ${f(bareLoaded.mean)} (${bareLoaded.result.toFixed(0)} req/s)`,
    ],
    ['ratio idle (product / baseline)', `${(idle.rss / bareIdle.rss).toFixed(1)}x`],
  );
  for (const [k, v] of rows) console.log(`${k.padEnd(64)} ${v}`);
} finally {
  if (server) {
    server.kill('SIGTERM');
    await exited(server);
  }
  if (bare) {
    bare.kill('SIGTERM');
    await exited(bare);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  await pgSchema?.drop();
}
