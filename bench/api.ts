/**
 * API throughput benchmark: starts the real server (its own process, free port, PGlite in a temp
 * dir, seeded; or PostgreSQL when BENCH_DATABASE_URL is set), then runs autocannon against list
 * and detail endpoints — the public catalogue, search, the home sections and the logged-in order views — and prints
 * requests/s and latency p50/p95/p99. Figures only, no assertions.
 *
 * On PostgreSQL the catalogue is grown to BENCH_ITEMS materials (default 100,000) by copying the
 * seeded ones, and the detail route the client calls (/api/items/detail/:id, ids rotating over the
 * whole catalogue) is compared with a bare Fastify + pg primary-key route (bench/bare-detail-server.ts,
 * its own process, same database, same rotation) in the same run, in alternating rounds after the
 * demo media jobs have finished: the ratio's goal is >= 70%.
 *
 *   node --import tsx bench/api.ts            # BENCH_SECONDS=10 BENCH_CONNECTIONS=10 by default
 *   BENCH_DATABASE_URL=postgres://lumen:lumen@127.0.0.1:5432/lumen_bench node --import tsx bench/api.ts
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchSchema } from './pg-schema.js';
import { serverBundle } from '../tests/helpers/server-process.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
/** Alternating baseline/product rounds of the detail comparison (PostgreSQL). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function json(url: string, init?: RequestInit) {
  const r = await fetch(url, init);
  const body = await r.json();
  if (!body.success) throw new Error(`${url}: ${body.msg}`);
  return body.data;
}

// PostgreSQL runs get a fresh schema of their own (dropped at the end), like the API tests.
const pgUrl = process.env.BENCH_DATABASE_URL;
const pgSchema = pgUrl ? await benchSchema(pgUrl, 'bench') : null;
const databaseUrl = pgSchema?.databaseUrl ?? '';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-bench-api-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [serverBundle()], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    CLIENT_DIR: path.join(dataDir, 'none'),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = async () => {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
  await pgSchema?.drop();
};

try {
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* still starting */
    }
    if (server.exitCode !== null || Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 300));
  }

  // The first start makes the demo media in background jobs (ffmpeg on both cores): measuring
  // while they run would charge their CPU to whichever side happens to run first.
  const seedStart = Date.now();
  while ((await json(`${base}/api/health`)).seedPending > 0) {
    if (Date.now() - seedStart > 900_000) throw new Error('demo media jobs did not finish in 15 minutes');
    await new Promise((r) => setTimeout(r, 2000));
  }
  console.log(`demo media jobs finished ${((Date.now() - seedStart) / 1000).toFixed(0)} s after start-up`);

  // Grow the catalogue (PostgreSQL: the bench may write beside the server) by copying approved materials.
  let ids: number[] = [];
  if (pgUrl) {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    const have = Number((await c.query('SELECT count(*)::int AS n FROM materials')).rows[0].n);
    const t0 = Date.now();
    const cols = (
      await c.query(
        `SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position) AS c FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'materials' AND column_name <> 'id' AND is_generated = 'NEVER'`,
      )
    ).rows[0].c;
    while (Number((await c.query('SELECT count(*)::int AS n FROM materials')).rows[0].n) < ITEMS) {
      await c.query(
        `INSERT INTO materials(${cols}) SELECT ${cols} FROM materials WHERE status = 1 LIMIT ${Math.max(1, Math.min(20_000, ITEMS - have))}`,
      );
    }
    await c.query('ANALYZE materials');
    ids = (await c.query('SELECT id FROM materials WHERE status = 1')).rows.map((r) => Number(r.id));
    await c.end();
    console.log(
      `catalogue grown from ${have} to ${ITEMS.toLocaleString('en')}+ materials in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
  }

  // A logged-in company buyer with a few orders, so the order views have rows to read.
  const { token } = await json(`${base}/dev/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo_company', password: 'Lumen@2026' }),
  });
  const auth = { authorization: token, 'content-type': 'application/json' };
  const items = await json(`${base}/api/items/list?page=1&pageSize=20`);
  let orderId = 0;
  for (const m of items.list.slice(0, 10)) {
    orderId = (
      await json(`${base}/api/trade/order`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ from: 'direct', items: [{ materialId: m.id, scenario: 'ecommerce_ads' }] }),
      })
    ).id;
  }

  if (!ids.length)
    ids = (await json(`${base}/api/items/list?page=1&pageSize=60`)).list.map((m: { id: number }) => m.id);
  let turn = 0;
  /** Rotates ids over the catalogue (a fixed stride through a shuffled list, the same for both sides). */
  const nextId = () => ids[(turn = (turn + 7919) % ids.length)];
  const header = () =>
    console.log(
      'endpoint'.padEnd(24),
      'req/s'.padStart(9),
      'p50 ms'.padStart(8),
      'p95 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'non-2xx'.padStart(8),
    );
  /** One autocannon run; autocannon's summary has no p95, so every response time is ranked here. */
  const measure = async (
    name: string,
    url: string,
    opts: { headers?: Record<string, string>; rotate?: (id: number) => string } = {},
  ) => {
    const times: number[] = [];
    const inst = autocannon({
      url,
      headers: opts.headers,
      connections: CONNECTIONS,
      duration: SECONDS,
      ...(opts.rotate
        ? { requests: [{ setupRequest: (req: any) => ({ ...req, path: opts.rotate!(nextId()) }) }] }
        : {}),
    });
    inst.on('response', (_c: unknown, _s: number, _b: number, ms: number) => times.push(ms));
    const r = await inst;
    times.sort((a, b) => a - b);
    const pct = (p: number) =>
      times.length ? times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1) : '-';
    console.log(
      name.padEnd(24),
      r.requests.average.toFixed(0).padStart(9),
      pct(50).padStart(8),
      pct(95).padStart(8),
      pct(99).padStart(8),
      String(r.non2xx).padStart(8),
    );
    return r.requests.average;
  };
  console.log(`engine: ${pgUrl ? 'postgres' : 'pglite'}, ${CONNECTIONS} connections, ${SECONDS}s each`);

  if (pgUrl) {
    // The detail route against its baseline: bare Fastify + pg by primary key, same database, same
    // id rotation, same load, run in alternating rounds (baselines, then the product) so drift in
    // the machine's load falls on both sides.
    const startBare = async (prepared: boolean) => {
      const port = await freePort();
      const proc = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-detail-server.ts'], {
        env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, BARE_PREPARED: prepared ? '1' : '' },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      for (let i = 0; ; i++) {
        try {
          if ((await fetch(`http://127.0.0.1:${port}/detail/${ids[0]}`)).ok) break;
        } catch {
          if (i > 100) throw new Error('bare server did not start');
          await new Promise((r) => setTimeout(r, 200));
        }
      }
      return { port, proc };
    };
    const plain = await startBare(false);
    const prepared = await startBare(true);
    try {
      // Warm-up: JIT, connection pools and each connection's prepared statements, on every side.
      for (const url of [
        `http://127.0.0.1:${plain.port}/detail/`,
        `http://127.0.0.1:${prepared.port}/detail/`,
        `${base}/api/items/detail/`,
      ]) {
        await autocannon({
          url: url + ids[0],
          connections: CONNECTIONS,
          duration: 3,
          requests: [{ setupRequest: (req: any) => ({ ...req, path: new URL(url).pathname + nextId() }) }],
        });
      }
      header();
      const vsPlain: number[] = [],
        vsPrepared: number[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        const b = await measure(`bare fastify+pg #${round}`, `http://127.0.0.1:${plain.port}/detail/${ids[0]}`, {
          rotate: (id) => `/detail/${id}`,
        });
        const bp = await measure(`bare, prepared #${round}`, `http://127.0.0.1:${prepared.port}/detail/${ids[0]}`, {
          rotate: (id) => `/detail/${id}`,
        });
        const d = await measure(`item detail #${round}`, `${base}/api/items/detail/${ids[0]}`, {
          rotate: (id) => `/api/items/detail/${id}`,
        });
        vsPlain.push(d / b);
        vsPrepared.push(d / bp);
      }
      const report = (label: string, xs: number[]) => {
        xs.sort((a, b) => a - b);
        console.log(
          `item detail / ${label}: ${xs.map((r) => `${(100 * r).toFixed(0)}%`).join(', ')}; median ${(100 * xs[Math.floor(xs.length / 2)]).toFixed(0)}% of its requests/s (goal >= 70%)`,
        );
      };
      report('bare baseline', vsPlain);
      report('bare baseline with a prepared statement', vsPrepared);
    } finally {
      for (const b of [plain, prepared]) {
        b.proc.kill('SIGTERM');
        await new Promise((r) => b.proc.once('exit', r));
      }
    }
  }

  const targets: Array<{
    name: string;
    path: string;
    headers?: Record<string, string>;
    rotate?: (id: number) => string;
  }> = [
    { name: 'item detail (rotating)', path: '/api/items/detail/', rotate: (id) => `/api/items/detail/${id}` },
    { name: 'items list', path: '/api/items/list?page=1&pageSize=20' },
    { name: 'search 花朵', path: `/api/index/search?keyword=${encodeURIComponent('花朵')}&page=1&pageSize=20` },
    { name: 'home newest', path: '/api/index/newest?limit=8' },
    { name: 'home categories', path: '/api/index/categories' },
    { name: 'order list (auth)', path: '/api/order/list?page=1&pageSize=10', headers: { authorization: token } },
    { name: 'order detail (auth)', path: `/api/order/${orderId}`, headers: { authorization: token } },
  ];
  header();
  for (const t of targets) await measure(t.name, base + t.path, { headers: t.headers, rotate: t.rotate });
} finally {
  await stop();
}
