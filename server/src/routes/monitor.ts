import type { FastifyInstance } from 'fastify';
import type { ContractTypes } from '../http/type-provider.js';
import { AppError, ok } from '../http/envelope.js';
import { contentDisposition } from '../http/content-disposition.js';
import { idParams, idProp, wildcardParams } from '../http/params.js';
import * as repo from '../repositories/monitor.js';
import * as hitsRepo from '../repositories/monitor-hits.js';
import { quotaLeft } from '../repositories/service-orders.js';
import { addSourceToPlan, addWorkToPlan, removeWorkFromPlan } from '../services/monitor/plan.js';
import { enqueueScan } from '../services/monitor/scan.js';
import { claimOffer, reconcileOffers, triage, type TriageEnv } from '../services/monitor/triage.js';
import { offerView } from '../services/monitor/offer-view.js';
import { readSandbox, SANDBOX_SUFFIX } from '../adapters/web/index.js';
import {
  MONITOR_FREQUENCIES,
  MONITOR_LIMITS,
  SOURCE_SCHEMA,
  type MonitorSource,
  TRIAGE_ACTIONS,
  TRIAGE_LABELS,
} from '../../../src/schemas/cyprotect/monitor.js';
import { envelopeOf, fileAnswer } from '../http/envelope-schema.js';
import { noData } from '../../../src/schemas/api/envelope.js';
import {
  monitorCandidatesSchema,
  monitorHitEventsSchema,
  monitorHitListSchema,
  monitorOfferClaimSchema,
  monitorOfferSchema,
  monitorOverviewSchema,
  monitorScanSchema,
  monitorSourceAddedSchema,
  monitorTriageSchema,
  monitorWorkAddedSchema,
} from '../../../src/schemas/api/monitor-responses.js';

const PAGE_SIZE_MAX = 50;
const tokenParams = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', pattern: '^[a-f0-9]{24}$' } },
} as const;

/** /api/monitor: my monitoring plan (works, sources, runs, usage), hits and their triage; offer claims. */
export default async function monitorRoutes(server: FastifyInstance) {
  // Handlers read req.params/query/body with the types of the schemas that validate them.
  const app = server.withTypeProvider<ContractTypes>();
  const env = (): TriageEnv => ({
    db: app.db,
    storage: app.storage,
    publicUrl: app.config.publicUrl,
    allowLive: app.config.env === 'production',
  });

  app.get('/overview', { schema: { response: envelopeOf(monitorOverviewSchema) } }, async (req) => {
    const u = await req.requireUser();
    const userId = Number(u.id);
    const plan = await repo.planOf(app.db, userId);
    const quota = (await quotaLeft(app.db, userId, 'monitor'))[0] ?? { service: 'monitor', left: 0, total: 0 };
    if (!plan)
      return ok({
        plan: null,
        quota,
        works: [],
        sources: [],
        runs: [],
        series: [],
        counts: [],
        limits: MONITOR_LIMITS,
      });
    await reconcileOffers(app.db, userId);
    const [works, sources, runs, series, counts] = await Promise.all([
      repo.planWorks(app.db, plan.id),
      repo.planSources(app.db, plan.id),
      repo.recentRuns(app.db, plan.id),
      hitsRepo.hitSeries(app.db, userId, 30),
      hitsRepo.hitCounts(app.db, userId),
    ]);
    const running = (
      await app.db.query<{ id: string; progress: number; progress_message: string | null; state: string }>(
        "SELECT id, progress, progress_message, state FROM jobs WHERE task = 'monitor.scan' AND owner_id = $1 AND state IN ('queued', 'running') AND run_at <= now() ORDER BY id DESC LIMIT 1",
        [userId],
      )
    ).rows[0];
    return ok({
      plan: { id: plan.id, frequency: plan.frequency, nextRunAt: plan.next_run_at, createdAt: plan.created_at },
      quota,
      works,
      sources: sources.map((s) => ({
        id: s.id,
        kind: s.kind,
        name: s.name,
        url: s.url,
        maxDepth: s.max_depth,
        lastCrawledAt: s.last_crawled_at,
        lastStatus: s.last_status,
      })),
      runs,
      series,
      counts,
      limits: MONITOR_LIMITS,
      scanJob: running
        ? {
            id: Number(running.id),
            progress: Number(running.progress),
            message: running.progress_message,
            state: running.state,
          }
        : null,
    });
  });

  /** The user's own approved works not yet watched (for the add-work picker). */
  app.get('/candidates', { schema: { response: envelopeOf(monitorCandidatesSchema) } }, async (req) => {
    const u = await req.requireUser();
    const r = await app.db.query(
      `SELECT m.id, m.title, m.type, m.cover_path FROM materials m WHERE m.owner_id = $1 AND m.status = 1 AND m.type IN (1, 11)
         AND NOT EXISTS (SELECT 1 FROM monitor_plan_works pw JOIN monitor_plans p ON p.id = pw.plan_id WHERE p.user_id = $1 AND pw.work_id = m.id)
       ORDER BY m.id DESC LIMIT 200`,
      [Number(u.id)],
    );
    return ok({
      list: r.rows.map((x) => ({ id: Number(x.id), title: x.title, type: Number(x.type), cover: x.cover_path })),
    });
  });

  app.post(
    '/works',
    {
      schema: {
        body: { type: 'object', required: ['workId'], properties: { workId: idProp('作品') } },
        response: envelopeOf(monitorWorkAddedSchema),
      },
    },
    async (req) => {
      const u = await req.requireUser();
      const r = await addWorkToPlan(app.db, Number(u.id), req.body.workId);
      return ok(r, r.added ? '已加入监测' : '该作品已在监测中');
    },
  );

  app.delete('/works/:id', { schema: { params: idParams, response: envelopeOf(noData) } }, async (req) => {
    const u = await req.requireUser();
    await removeWorkFromPlan(app.db, Number(u.id), req.params.id);
    return ok(null, '已移出监测，额度已退回');
  });

  // The untyped instance with the contract's MonitorSource: SOURCE_SCHEMA comes from a JSON file,
  // which the type provider cannot read types from.
  server.post<{ Body: MonitorSource }>(
    '/sources',
    { schema: { body: SOURCE_SCHEMA, response: envelopeOf(monitorSourceAddedSchema) } },
    async (req) => {
      const u = await req.requireUser();
      return ok({ id: await addSourceToPlan(app.db, Number(u.id), req.body) }, '已添加监测来源');
    },
  );

  app.delete('/sources/:id', { schema: { params: idParams, response: envelopeOf(noData) } }, async (req) => {
    const u = await req.requireUser();
    const plan = await repo.planOf(app.db, Number(u.id));
    if (!plan || !(await repo.removeSource(app.db, plan.id, req.params.id))) throw new AppError(404, '监测来源不存在');
    return ok(null, '已删除监测来源');
  });

  app.put(
    '/frequency',
    {
      schema: {
        body: {
          type: 'object',
          required: ['frequency'],
          properties: {
            frequency: { type: 'string', title: '监测频率', enum: MONITOR_FREQUENCIES.map((f) => f.const) },
          },
        },
        response: envelopeOf(noData),
      },
    },
    async (req) => {
      const u = await req.requireUser();
      const plan = await repo.planOf(app.db, Number(u.id));
      if (!plan) throw new AppError(404, '请先购买版权监测服务并添加作品');
      await repo.setFrequency(app.db, plan.id, req.body.frequency);
      return ok(null, '已更新监测频率');
    },
  );

  app.post('/scan', { schema: { response: envelopeOf(monitorScanSchema) } }, async (req) => {
    const u = await req.requireUser();
    const plan = await repo.planOf(app.db, Number(u.id));
    if (!plan) throw new AppError(404, '请先购买版权监测服务并添加作品');
    const job = await enqueueScan(app.db, plan.id, Number(u.id));
    return ok({ jobId: job.id }, job.created ? '已开始监测' : '监测正在进行中');
  });

  app.get(
    '/hits',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            kind: { type: 'string', enum: ['image', 'video'] },
            status: { type: 'string', maxLength: 20 },
            page: { type: 'integer', minimum: 1, default: 1 },
            pageSize: { type: 'integer', minimum: 1, maximum: PAGE_SIZE_MAX, default: 10 },
          },
        },
        response: envelopeOf(monitorHitListSchema),
      },
    },
    async (req) => {
      const u = await req.requireUser();
      const q = req.query;
      await reconcileOffers(app.db, Number(u.id));
      return ok(await hitsRepo.listHits(app.db, Number(u.id), q));
    },
  );

  app.post(
    '/hits/:id/triage',
    {
      schema: {
        params: idParams,
        body: {
          type: 'object',
          required: ['action'],
          properties: {
            action: { type: 'string', title: '处理方式', enum: TRIAGE_ACTIONS },
            scenario: { type: 'string', maxLength: 40 },
          },
        },
        response: envelopeOf(monitorTriageSchema),
      },
    },
    async (req) => {
      const u = await req.requireUser();
      const b = req.body;
      const r = await triage(env(), Number(u.id), req.params.id, b.action, {
        scenario: b.scenario,
      });
      return ok(r, `已${TRIAGE_LABELS[b.action]}`);
    },
  );

  app.get(
    '/hits/:id/events',
    { schema: { params: idParams, response: envelopeOf(monitorHitEventsSchema) } },
    async (req) => {
      const u = await req.requireUser();
      const h = await hitsRepo.findHit(app.db, req.params.id);
      if (!h || h.ownerId !== Number(u.id)) throw new AppError(404, '监测记录不存在');
      const r = await app.db.query(
        'SELECT action, detail, created_at FROM monitor_hit_events WHERE hit_id = $1 ORDER BY id',
        [h.id],
      );
      return ok({ list: r.rows });
    },
  );

  app.get(
    '/hits/:id/takedown.pdf',
    { schema: { params: idParams, response: fileAnswer('application/pdf', '侵权通知函 PDF') } },
    async (req, reply) => {
      const u = await req.requireUser();
      const h = await hitsRepo.findHit(app.db, req.params.id);
      if (!h || h.ownerId !== Number(u.id)) throw new AppError(404, '监测记录不存在');
      if (!h.takedownKey) throw new AppError(404, '尚未生成侵权通知函');
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(`侵权通知函-${h.id}.pdf`))
        .send(await app.storage.get(h.takedownKey));
    },
  );

  /** The retroactive-licence offer a site operator opens: what is offered and where to buy. */
  app.get(
    '/offers/:token',
    { schema: { params: tokenParams, response: envelopeOf(monitorOfferSchema) } },
    async (req) => {
      const viewer = await req.currentUser();
      return ok(await offerView(app.db, req.params.token, viewer ? Number(viewer.id) : null));
    },
  );

  app.post(
    '/offers/:token/claim',
    { schema: { params: tokenParams, response: envelopeOf(monitorOfferClaimSchema) } },
    async (req) => {
      const u = await req.requireUser();
      return ok(await claimOffer(app.db, Number(u.id), req.params.token), '已登记您的网站，购买授权后即视为正版使用');
    },
  );
}

const SANDBOX_WEB_PARAMS = {
  type: 'object',
  required: ['host', '*'],
  properties: { host: { type: 'string', maxLength: 253 }, '*': wildcardParams.properties['*'] },
} as const;

/** /dev/web/<host>/<path>: the sandbox web in a browser (same files the crawler reads). */
export async function sandboxWebRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ContractTypes>()
    .get(
      '/web/:host/*',
      { schema: { params: SANDBOX_WEB_PARAMS, response: fileAnswer('*/*', '沙箱网站的文件（按其类型）') } },
      async (req, reply) => {
        if (app.config.env === 'production') return reply.status(404).send('沙箱页面在生产环境不可用');
        const p = req.params;
        if (!p.host.endsWith(SANDBOX_SUFFIX)) return reply.status(404).send('not a sandbox host');
        const r = await readSandbox(app.storage, p.host, `/${p['*']}`);
        let body = r.body;
        // Root-relative links stay inside /dev/web/<host> when browsed.
        if (r.contentType.startsWith('text/html'))
          body = Buffer.from(body.toString('utf8').replace(/(href|src)="\//g, `$1="/dev/web/${p.host}/`));
        return reply.status(r.status).type(r.contentType).header('cache-control', 'no-store').send(body);
      },
    );
}
