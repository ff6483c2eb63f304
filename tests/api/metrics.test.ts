import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp } from '../helpers/app.js';
import { defineTask, enqueue, runUntilIdle } from '../../server/src/jobs/index.js';
import { servicesOf } from '../helpers/jobs.js';
import { appendBlock } from '../../server/src/evidence/ledger.js';

type TestApp = Awaited<ReturnType<typeof makeTestApp>>;

defineTask('metrics.test-a', () => 'ok');
defineTask('metrics.test-b', () => 'ok');
// Runs for a known time, or fails after it: the run-time figures must show both.
defineTask<{ ms: number; fail?: boolean }>(
  'metrics.test-timed',
  async ({ ms, fail }) => {
    await new Promise((r) => setTimeout(r, ms));
    if (fail) throw new Error('失败');
    return 'ok';
  },
  { maxAttempts: 1 },
);

/** One sample's value from Prometheus text, by metric name and exact labels; undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.keys(labels).every((k) => got[k] === labels[k])) return Number(m[3]);
  }
  return undefined;
}

describe('GET /metrics (Prometheus)', () => {
  let t: TestApp;
  const scrape = async (headers: Record<string, string> = {}, remoteAddress?: string) =>
    t.app.inject({ url: '/metrics', headers, ...(remoteAddress ? { remoteAddress } : {}) });

  beforeAll(async () => {
    t = await makeTestApp({ METRICS_TOKEN: 'scrape-secret-1' });
  });
  afterAll(() => t?.close());

  it('counts requests per route template and status, with their latency', async () => {
    const auth = { authorization: 'Bearer scrape-secret-1' };
    const before = (await scrape(auth)).body;
    const health = { method: 'GET', route: '/api/health', status: '200' };
    const count = (text: string) => sample(text, 'lumen_http_requests_total', health) ?? 0;
    for (let i = 0; i < 3; i++) expect((await t.app.inject('/api/health')).statusCode).toBe(200);
    // Two different ids, one series: the route's template, not its URL.
    await t.app.inject('/api/items/detail/911001');
    await t.app.inject('/api/items/detail/911002');
    const res = await scrape(auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(count(res.body) - count(before)).toBe(3);
    expect(sample(res.body, 'lumen_http_request_duration_seconds_count', health)).toBe(count(res.body));
    expect(res.body).not.toMatch(/route="[^"]*91100[12]/);
    expect(sample(res.body, 'lumen_http_requests_total', { route: '/api/items/detail/:id' })).toBeGreaterThan(0);
    expect(sample(res.body, 'lumen_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('reports the job queue and the evidence log from the database', async () => {
    const auth = { authorization: 'Bearer scrape-secret-1' };
    await enqueue(t.db, 'metrics.test-a', {});
    await enqueue(t.db, 'metrics.test-a', {});
    await enqueue(t.db, 'metrics.test-b', {}, { runAt: new Date(Date.now() + 3_600_000) });
    await t.db.query("UPDATE jobs SET run_at = now() - interval '90 seconds' WHERE task = 'metrics.test-a'");
    await t.db.tx((q) => appendBlock(q, { type: 'metrics-test', sha256: 'a'.repeat(64) }));
    await t.db.tx((q) => appendBlock(q, { type: 'metrics-test', sha256: 'b'.repeat(64) }));

    let text = (await scrape(auth)).body;
    const queuedA = { task: 'metrics.test-a', state: 'queued' };
    expect(sample(text, 'lumen_jobs_unfinished', queuedA)).toBe(2);
    expect(sample(text, 'lumen_jobs_oldest_due_seconds', queuedA)).toBeGreaterThanOrEqual(90);
    // Queued but not yet due: counted, and no wait.
    expect(sample(text, 'lumen_jobs_unfinished', { task: 'metrics.test-b', state: 'queued' })).toBe(1);
    expect(sample(text, 'lumen_jobs_oldest_due_seconds', { task: 'metrics.test-b', state: 'queued' })).toBe(0);
    const leaves = Number(
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM evidence_log_leaves')).rows[0].n,
    );
    expect(sample(text, 'lumen_evidence_log_leaves')).toBe(leaves);
    expect(sample(text, 'lumen_evidence_log_unsigned_leaves')).toBe(leaves);
    expect(sample(text, 'lumen_evidence_checkpoint_signed_timestamp_seconds')).toBe(0);

    // Signing a checkpoint covers every entry, and says when.
    const signedFrom = Date.now() / 1000;
    expect((await t.app.inject('/api/protection/ledger/checkpoint')).statusCode).toBe(200);
    await t.db.query("UPDATE jobs SET state = 'succeeded', finished_at = now() WHERE task LIKE 'metrics.test-%'");
    text = (await scrape(auth)).body;
    expect(sample(text, 'lumen_evidence_log_unsigned_leaves')).toBe(0);
    const signedAt = sample(text, 'lumen_evidence_checkpoint_signed_timestamp_seconds')!;
    // Database and test share the machine's clock; a second's slack for rounding.
    expect(signedAt).toBeGreaterThanOrEqual(signedFrom - 1);
    expect(signedAt).toBeLessThanOrEqual(Date.now() / 1000 + 1);
    expect(sample(text, 'lumen_jobs_unfinished', queuedA)).toBeUndefined();
  });

  it('reports how long recently finished jobs ran, per task and final state, and the database pool', async () => {
    const auth = { authorization: 'Bearer scrape-secret-1' };
    for (const ms of [50, 100, 300]) await enqueue(t.db, 'metrics.test-timed', { ms });
    await enqueue(t.db, 'metrics.test-timed', { ms: 20, fail: true });
    // One at a time, so each job's run is its own sleep and not a share of the others'.
    await runUntilIdle(servicesOf(t.app), { tasks: ['metrics.test-timed'], pollMs: 20, concurrency: 1 });
    const text = (await scrape(auth)).body;
    const ok = { task: 'metrics.test-timed', state: 'succeeded' };
    expect(sample(text, 'lumen_jobs_finished_recent', ok)).toBe(3);
    expect(sample(text, 'lumen_jobs_finished_recent', { task: 'metrics.test-timed', state: 'failed' })).toBe(1);
    const p50 = sample(text, 'lumen_jobs_run_seconds', { ...ok, quantile: '0.5' })!;
    const longest = sample(text, 'lumen_jobs_run_seconds', { ...ok, quantile: '1' })!;
    // The middle job slept 0.1 s and the longest 0.3 s; a loaded machine only adds to that.
    expect(p50).toBeGreaterThanOrEqual(0.1);
    expect(p50).toBeLessThan(longest);
    expect(longest).toBeGreaterThanOrEqual(0.3);
    expect(sample(text, 'lumen_jobs_run_seconds', { ...ok, quantile: '0.95' })).toBeLessThanOrEqual(longest);
    // A job that finished before the window is not counted.
    await t.db.query("UPDATE jobs SET finished_at = now() - interval '1 hour' WHERE task = 'metrics.test-timed'");
    expect(sample((await scrape(auth)).body, 'lumen_jobs_finished_recent', ok)).toBeUndefined();
    const open = sample(text, 'lumen_db_pool_connections', { state: 'total' });
    if (t.db.kind === 'postgres') {
      expect(open).toBeGreaterThan(0);
      expect(sample(text, 'lumen_db_pool_connections', { state: 'waiting' })).toBe(0);
    } else expect(open).toBeUndefined();
  });

  it('answers only the scraper with the token', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-secret-1' },
      { authorization: 'scrape-secret-1' },
    ];
    for (const headers of attempts) {
      const res = await scrape(headers);
      expect(res.statusCode).toBe(401);
      expect(res.body).toContain('METRICS_TOKEN');
      expect(res.body).not.toContain('lumen_');
    }
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t?.close());

  it('answers this machine directly, never another address or a request through a proxy', async () => {
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
    const outside = await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(outside.statusCode).toBe(403);
    expect(outside.body).toContain('本机');
    const proxied = await t.app.inject({
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(proxied.statusCode).toBe(403);
  });
});
