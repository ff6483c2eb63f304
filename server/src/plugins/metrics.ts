import fp from 'fastify-plugin';
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { jobQueueStats, jobRunStats } from '../repositories/jobs.js';
import { evidenceLogStats } from '../repositories/evidence-log.js';
import { routeLabeller } from '../http/route-label.js';

/**
 * GET /metrics in Prometheus's text format (prom-client): requests per route and status, their
 * latency, bytes received, the job queue's depth and wait per task, how long recent jobs ran per task,
 * the database pool's use, the evidence log's size and when its newest checkpoint was signed, and the
 * process's own figures (CPU, memory, event loop lag, GC).
 *
 * Who may read it: with METRICS_TOKEN set, a scraper that sends `Authorization: Bearer <token>`;
 * without it, only a client on this machine that came through no proxy (a proxy on the same host
 * would otherwise make every visitor look local).
 */

/** Process figures are the process's, whatever the number of apps in it (tests build many): made once. */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'lumen_' });
  }
  return processRegistry;
}

/** The window of the job run-time figures: long enough for a few scrapes to see a rare task. */
const RUN_WINDOW_S = 15 * 60;

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

function allowed(req: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const sent = Buffer.from(req.headers.authorization ?? '');
    const want = Buffer.from(`Bearer ${token}`);
    return sent.length === want.length && crypto.timingSafeEqual(sent, want);
  }
  const forwarded = req.headers['x-forwarded-for'] || req.headers.forwarded || req.headers['x-real-ip'];
  return !forwarded && LOOPBACK.test(req.socket.remoteAddress ?? '');
}

export default fp(async (app) => {
  // Route templates, not URLs: /api/works/:id is one series however many works there are.
  const routeOf = routeLabeller(app.config.clientDir);
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'lumen_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status code',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'lumen_http_request_duration_seconds',
    help: 'Time from request to the last byte of the answer, by method, route template and status code',
    labelNames,
    // From a cached page (a few ms) to an upload's assembly or a PDF (seconds).
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const received = new Counter({
    name: 'lumen_http_request_bytes_total',
    help: 'Request body bytes received (Content-Length), by route template: upload chunks show here',
    labelNames: ['route'],
    registers: [registry],
  });

  const jobs = new Gauge({
    name: 'lumen_jobs_unfinished',
    help: 'Jobs queued or running, by task and state',
    labelNames: ['task', 'state'],
    registers: [registry],
  });
  const jobWait = new Gauge({
    name: 'lumen_jobs_oldest_due_seconds',
    help: 'How long the oldest due job of each task and state has waited since it became due',
    labelNames: ['task', 'state'],
    registers: [registry],
  });
  const jobsFinished = new Gauge({
    name: 'lumen_jobs_finished_recent',
    help: `Jobs finished in the last ${RUN_WINDOW_S / 60} minutes, by task and final state`,
    labelNames: ['task', 'state'],
    registers: [registry],
  });
  // Quantiles over a window read from the database, not a histogram: jobs run in worker processes
  // that serve no /metrics, and every app server reports the same figures from the shared table.
  const jobRun = new Gauge({
    name: 'lumen_jobs_run_seconds',
    help: `How long the jobs finished in the last ${RUN_WINDOW_S / 60} minutes ran (last attempt), by task, final state and quantile (1 = the longest)`,
    labelNames: ['task', 'state', 'quantile'],
    registers: [registry],
  });
  const pool = new Gauge({
    name: 'lumen_db_pool_connections',
    help: "This server's PostgreSQL connections: open (total), idle, and queries waiting for one (waiting). Absent on PGlite",
    labelNames: ['state'],
    registers: [registry],
  });
  const logLeaves = new Gauge({
    name: 'lumen_evidence_log_leaves',
    help: 'Entries in the evidence log',
    registers: [registry],
  });
  const logUnsigned = new Gauge({
    name: 'lumen_evidence_log_unsigned_leaves',
    help: 'Entries not yet covered by a signed checkpoint',
    registers: [registry],
  });
  const checkpointSignedAt = new Gauge({
    name: 'lumen_evidence_checkpoint_signed_timestamp_seconds',
    help: 'When the newest checkpoint was signed (Unix time; 0 before the first): its age is time() minus this',
    registers: [registry],
  });

  /** Read from the database at each scrape, so every app server reports the same shared figures. */
  async function collectShared() {
    jobs.reset();
    jobWait.reset();
    for (const s of await jobQueueStats(app.db)) {
      jobs.set({ task: s.task, state: s.state }, s.count);
      jobWait.set({ task: s.task, state: s.state }, s.oldestDueSeconds);
    }
    jobsFinished.reset();
    jobRun.reset();
    for (const s of await jobRunStats(app.db, RUN_WINDOW_S)) {
      jobsFinished.set({ task: s.task, state: s.state }, s.count);
      jobRun.set({ task: s.task, state: s.state, quantile: '0.5' }, s.p50Seconds);
      jobRun.set({ task: s.task, state: s.state, quantile: '0.95' }, s.p95Seconds);
      jobRun.set({ task: s.task, state: s.state, quantile: '1' }, s.maxSeconds);
    }
    const stats = app.db.poolStats?.();
    if (stats) for (const [state, n] of Object.entries(stats)) pool.set({ state }, n);
    const log = await evidenceLogStats(app.db);
    logLeaves.set(log.leaves);
    logUnsigned.set(Math.max(0, log.leaves - log.signedSize));
    checkpointSignedAt.set(log.checkpointSignedAt ?? 0);
  }

  app.addHook('onResponse', async (req, reply) => {
    const labels = { method: req.method, route: routeOf(req).route, status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    const bytes = Number(req.headers['content-length']);
    if (bytes > 0) received.inc({ route: labels.route }, bytes);
  });

  const token = app.config.metricsToken;
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!allowed(req, token)) {
      return reply
        .code(token ? 401 : 403)
        .type('text/plain; charset=utf-8')
        .send(
          token ? '需要正确的 METRICS_TOKEN（Authorization: Bearer …）' : '未设置 METRICS_TOKEN 时只允许本机直接访问',
        );
    }
    await collectShared();
    const merged = Registry.merge([processMetrics(), registry]);
    return reply.type(merged.contentType).send(await merged.metrics());
  });
});
