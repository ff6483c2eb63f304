/**
 * Scale-out benchmark: what a second app server process adds, on one PostgreSQL and one bucket.
 * Starts a local S3-compatible server (s3rver), app server A (seeds, runs the seed jobs), waits for
 * the demo media, then measures with autocannon, rotating inputs:
 *   1. the catalogue detail route the client calls and search (2-character Chinese keywords), one server;
 *   2. the same with two servers (A and B, each its own autocannon, requests/s summed);
 * and prints requests/s, p50/p95/p99 latency, the 2-vs-1 ratio and CPU used per process group
 * (app servers, PostgreSQL, the benchmark itself) from /proc. On 2 cores the load generator,
 * the servers and PostgreSQL share the same CPUs: read the CPU column before the ratio.
 * Then download throughput of one original: streamed by the app server from local disk (a
 * STORAGE=local server on the same database) vs a presigned S3 URL served by the bucket.
 *
 *   BENCH_DATABASE_URL=postgres://lumen:lumen@127.0.0.1:5432/lumen_bench node --import tsx bench/scale.ts
 *   (BENCH_SECONDS=10 BENCH_CONNECTIONS=16 by default; never the test database)
 */
import { execSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startS3 } from '../tests/helpers/s3-server.js';
import { freePort, spawnServer, waitUntilUp } from '../tests/helpers/server-process.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const pgUrl = process.env.BENCH_DATABASE_URL;
if (!pgUrl) throw new Error('set BENCH_DATABASE_URL to a PostgreSQL database of its own (not the test database)');

const schema = `scale_${process.pid}_${Date.now()}`;
const admin = new pg.Client({ connectionString: pgUrl });
await admin.connect();
await admin.query(`CREATE SCHEMA ${schema}`);
const u = new URL(pgUrl);
u.searchParams.set('options', `-c search_path=${schema},public`);
const s3 = await startS3('lumen-bench');
const dirs: string[] = [];
const procs: ChildProcess[] = [];

async function start(extra: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-bench-scale-'));
  dirs.push(dataDir);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const p = spawnServer(port, {
    DATABASE_URL: u.toString(),
    DATA_DIR: dataDir,
    CLIENT_DIR: path.join(dataDir, 'none'),
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    ...extra,
  });
  procs.push(p);
  await waitUntilUp(base, p, 240_000);
  return { base, pid: p.pid! };
}

/** CPU seconds (user+system) of the given pids, and of every postgres process, from /proc. */
function cpuOf(pids: number[]): { app: number; db: number } {
  const tick = Number(execSync('getconf CLK_TCK').toString().trim());
  const read = (pid: number) => {
    try {
      const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(f[11]) + Number(f[12])) / tick;
    } catch {
      return 0;
    }
  };
  const pgPids = fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return fs.readFileSync(`/proc/${d}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    });
  return { app: pids.reduce((s, p) => s + read(p), 0), db: pgPids.reduce((s, p) => s + read(Number(p)), 0) };
}

const keywords = ['山川', '城市', '日出', '海边', '延时', '夜景', '森林', '航拍', '花朵', '星空', '雪山', '街道'];

/** The parts of autocannon's result read here (bench/autocannon.d.ts declares the module untyped). */
interface RunResult {
  requests: { average: number };
  latency: { p50: number; p97_5: number; p99: number };
  errors: number;
  non2xx: number;
}

function load(base: string, route: 'detail' | 'search', ids: number[]): Promise<RunResult> {
  let i = Math.floor(Math.random() * 1000);
  return autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        setupRequest: (req: Record<string, unknown>) => {
          i++;
          // Rotating inputs: every request a different item or keyword (no single hot row or query).
          const p =
            route === 'detail'
              ? `/api/items/detail/${ids[i % ids.length]}`
              : `/api/index/search?keyword=${encodeURIComponent(keywords[i % keywords.length])}&page=${1 + (i % 3)}&pageSize=20`;
          return { ...req, path: p };
        },
      },
    ],
  });
}

async function measure(
  label: string,
  servers: Array<{ base: string; pid: number }>,
  route: 'detail' | 'search',
  ids: number[],
) {
  // Warm-up: a short run so caches and JIT are not part of the figure.
  await Promise.all(
    servers.map((s) => autocannon({ url: `${s.base}/api/index/newest?limit=8`, connections: 4, duration: 2 })),
  );
  const before = cpuOf(servers.map((s) => s.pid));
  const selfBefore = process.cpuUsage();
  const results = await Promise.all(servers.map((s) => load(s.base, route, ids)));
  const after = cpuOf(servers.map((s) => s.pid));
  const self = process.cpuUsage(selfBefore);
  const rps = results.reduce((s, r) => s + r.requests.average, 0);
  const errors = results.reduce((s, r) => s + r.errors + r.non2xx, 0);
  const lat = results[0].latency;
  const row = {
    label,
    route,
    servers: servers.length,
    rps: Math.round(rps),
    p50: lat.p50,
    p97_5: lat.p97_5,
    p99: lat.p99,
    errors,
    cpuApp: ((after.app - before.app) / SECONDS).toFixed(2),
    cpuDb: ((after.db - before.db) / SECONDS).toFixed(2),
    cpuBench: ((self.user + self.system) / 1e6 / SECONDS).toFixed(2),
  };
  console.log(JSON.stringify(row));
  return row;
}

async function throughput(
  url: string,
  headers: Record<string, string>,
  n: number,
): Promise<{ mbps: number; ms: number[] }> {
  const ms: number[] = [];
  let bytes = 0;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const r = await fetch(url, { headers });
    let target = r;
    const type = r.headers.get('content-type') ?? '';
    if (type.includes('json')) target = await fetch(((await r.json()) as any).data.url); // presigned URL
    bytes += (await target.arrayBuffer()).byteLength;
    ms.push(performance.now() - t);
  }
  return { mbps: bytes / 1024 / 1024 / ((performance.now() - t0) / 1000), ms: ms.sort((a, b) => a - b) };
}

try {
  const A = await start({ ...s3.env, SEED: '1' });
  for (let t = Date.now(); Date.now() - t < 600_000;) {
    const h = (await (await fetch(`${A.base}/api/health`)).json()) as any;
    if (h.data.seedPending === 0) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const B = await start({ ...s3.env, SEED: '0', JOBS_IN_PROCESS: '0' });
  const ids = (await admin.query(`SELECT id FROM ${schema}.materials WHERE status = 1 ORDER BY random()`)).rows.map(
    (r) => Number(r.id),
  );
  console.log(
    `# ${ids.length} approved materials, ${SECONDS}s per run, ${CONNECTIONS} connections per server, ${os.cpus().length} cores`,
  );
  const rows = [];
  for (const route of ['detail', 'search'] as const) {
    const one = await measure('1 server (baseline)', [A], route, ids);
    const two = await measure('2 servers', [A, B], route, ids);
    rows.push({ route, one: one.rps, two: two.rps, ratio: (two.rps / one.rps).toFixed(2) });
  }
  console.table(rows);

  // Downloads of one licensed original: local disk streamed by the server vs a presigned bucket URL.
  const L = await start({ SEED: '0', JOBS_IN_PROCESS: '0', STORAGE: 'local' });
  const token = (
    (await (
      await fetch(`${A.base}/dev/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo_buyer', password: 'Lumen@2026' }),
      })
    ).json()) as any
  ).data.token;
  const clip = (
    await admin.query(
      `SELECT id, original_path FROM ${schema}.materials WHERE type = 1 AND status = 1 ORDER BY id LIMIT 1`,
    )
  ).rows[0];
  const order = (await (
    await fetch(`${A.base}/api/trade/order`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ from: 'direct', items: [{ materialId: clip.id, scenario: 'personal_study' }] }),
    })
  ).json()) as any;
  await fetch(`${A.base}/api/trade/pay/wallet`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({ orderId: order.data.id }),
  });
  // The local server's disk gets the same original the bucket holds.
  const bytes = Buffer.from(
    await (
      await fetch(
        (
          (await (
            await fetch(`${A.base}/api/order/download/${clip.id}`, { headers: { authorization: token } })
          ).json()) as any
        ).data.url,
      )
    ).arrayBuffer(),
  );
  const localFile = path.join(dirs[dirs.length - 1], 'files', clip.original_path);
  fs.mkdirSync(path.dirname(localFile), { recursive: true });
  fs.writeFileSync(localFile, bytes);
  const viaLocal = await throughput(`${L.base}/api/order/download/${clip.id}`, { authorization: token }, 20);
  const viaS3 = await throughput(`${A.base}/api/order/download/${clip.id}`, { authorization: token }, 20);
  const pct = (a: number[], p: number) => a[Math.min(a.length - 1, Math.floor((a.length * p) / 100))].toFixed(1);
  console.table([
    {
      path: 'local disk, streamed by the app server (baseline)',
      MBps: viaLocal.mbps.toFixed(1),
      p50ms: pct(viaLocal.ms, 50),
      p95ms: pct(viaLocal.ms, 95),
    },
    {
      path: 'presigned URL, served by the bucket (s3rver)',
      MBps: viaS3.mbps.toFixed(1),
      p50ms: pct(viaS3.ms, 50),
      p95ms: pct(viaS3.ms, 95),
      ratio: (viaS3.mbps / viaLocal.mbps).toFixed(2),
    },
  ]);
  console.log(
    `# original: ${(bytes.length / 1024 / 1024).toFixed(1)} MB; s3rver is a JavaScript test server on the same 2 cores, a real object store serves from its own machines`,
  );
} finally {
  for (const p of procs) p.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 2000));
  await s3.close();
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
}
