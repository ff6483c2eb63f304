/**
 * Job queue benchmark (server/src/jobs) on PGlite and PostgreSQL, with a baseline from the same run.
 *
 *   node --import tsx bench/jobs.ts [--engine pglite|postgres|both] [--latency N] [--jobs N] [--workers W]
 *
 * - baseline: a plain INSERT + SELECT round trip on the same database (p50/p95);
 * - latency: N trivial jobs enqueued one at a time into an idle worker, enqueue -> handler start
 *   (p50/p95); the worker polls every second, so this measures the NOTIFY wake-up path;
 * - throughput: N trivial jobs queued up front, W workers of 4 slots each (PostgreSQL: W separate
 *   pools, as W worker processes would have; PGlite: W workers on the one connection), jobs/min.
 * PostgreSQL: DATABASE_URL (default postgres://lumen:lumen@127.0.0.1:5432/lumen_test), in a schema of
 * its own dropped afterwards. PGlite: a temporary data folder, removed afterwards.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDb, type Db } from '../server/src/db/index.js';
import { migrate } from '../server/src/db/migrate.js';
import { loadConfig } from '../server/src/config.js';
import { LocalStorage } from '../server/src/storage/index.js';
import { defineTask, enqueue, startWorker, type JobServices } from '../server/src/jobs/index.js';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const ENGINES = arg('engine', 'both') === 'both' ? ['pglite', 'postgres'] : [arg('engine', 'both')];
const LATENCY_N = Number(arg('latency', '200'));
const JOBS = Number(arg('jobs', '2000'));
const WORKERS = Number(arg('workers', '2'));

const started = new Map<number, number>();
let onStart: ((id: number) => void) | undefined;
defineTask(
  'bench.noop',
  (_p, ctx) => {
    started.set(ctx.jobId, performance.now());
    onStart?.(ctx.jobId);
    return null;
  },
  { concurrency: 4 },
);

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(2)} ms  p95 ${pct(xs, 95).toFixed(2)} ms`;
const silent = {
  info: () => undefined,
  warn: () => undefined,
  error: (o: unknown) => console.error(o),
} as unknown as JobServices['log'];

async function engine(name: string): Promise<{ open: () => Promise<Db>; cleanup: () => Promise<void> }> {
  if (name === 'postgres') {
    const url = process.env.DATABASE_URL || 'postgres://lumen:lumen@127.0.0.1:5432/lumen_test';
    const schema = `bench_jobs_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const u = new URL(url);
    u.searchParams.set('options', `-c search_path=${schema},public`);
    return {
      open: () => openDb({ databaseUrl: u.toString() }),
      cleanup: async () => {
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
        await admin.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-bench-jobs-'));
  const db = await openDb({ pgliteDir: path.join(dir, 'pglite') });
  return {
    open: async () => Object.assign(Object.create(db), { close: async () => undefined }),
    cleanup: async () => {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function run(name: string) {
  const e = await engine(name);
  const db = await e.open();
  await migrate(db);
  const config = loadConfig({ DATA_DIR: os.tmpdir() });
  const services = (d: Db): JobServices => ({
    db: d,
    storage: new LocalStorage(path.join(os.tmpdir(), 'lumen-bench-jobs-files')),
    config,
    log: silent,
  });

  await db.query('CREATE TABLE bench_baseline(id bigserial PRIMARY KEY, payload jsonb NOT NULL)');
  const base: number[] = [];
  for (let i = 0; i < LATENCY_N; i++) {
    const t = performance.now();
    const r = await db.query<{ id: number }>('INSERT INTO bench_baseline(payload) VALUES ($1::jsonb) RETURNING id', [
      JSON.stringify({ i }),
    ]);
    await db.query('SELECT * FROM bench_baseline WHERE id = $1', [r.rows[0].id]);
    base.push(performance.now() - t);
  }

  // Latency: an idle worker that only polls once a second, so a fast start needs the notification.
  const worker = startWorker(services(db), { pollMs: 1000, concurrency: 4 });
  await new Promise((r) => setTimeout(r, 300));
  const lat: number[] = [];
  for (let i = 0; i < LATENCY_N; i++) {
    const t = performance.now();
    const begun = new Promise<void>((resolve) => (onStart = () => resolve()));
    await enqueue(db, 'bench.noop', { i });
    await begun;
    lat.push(performance.now() - t);
  }
  onStart = undefined;
  await worker.stop(2000);

  // Throughput: a full queue, W workers.
  await db.tx(async (q) => {
    for (let i = 0; i < JOBS; i++) await enqueue(q, 'bench.noop', { i });
  });
  const dbs: Db[] = [];
  for (let i = 0; i < WORKERS; i++) dbs.push(await e.open());
  const t0 = performance.now();
  const workers = dbs.map((d) => startWorker(services(d), { pollMs: 50, concurrency: 4 }));
  for (;;) {
    const r = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM jobs WHERE state IN ('queued', 'running')");
    if (r.rows[0].n === 0) break;
    await new Promise((res) => setTimeout(res, 20));
  }
  const seconds = (performance.now() - t0) / 1000;
  await Promise.all(workers.map((w) => w.stop(2000)));
  for (const d of dbs) await d.close();

  console.log(`\n== ${name} ==`);
  console.log(`baseline INSERT+SELECT round trip (${LATENCY_N}x): ${fmt(base)}`);
  console.log(`enqueue -> start, idle worker, 1 s poll (${LATENCY_N} jobs): ${fmt(lat)}`);
  console.log(
    `throughput, ${JOBS} trivial jobs, ${WORKERS} workers x 4 slots: ${((JOBS / seconds) * 60).toFixed(0)} jobs/min (${seconds.toFixed(1)} s)`,
  );
  await db.close();
  await e.cleanup();
}

console.log(
  `node ${process.version}, ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
for (const name of ENGINES) await run(name);
