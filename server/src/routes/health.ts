import type { FastifyInstance } from 'fastify';
import crypto from 'node:crypto';
import { healthSchema, livenessSchema, readinessSchema, type Readiness } from '../../../src/schemas/api/health.js';
import { envelope } from '../../../src/schemas/api/envelope.js';
import { envelopeOf } from '../http/envelope-schema.js';
import { fail, ok } from '../http/envelope.js';
import { countUnfinishedJobs } from '../repositories/jobs.js';
import { evidenceLogHealth, lastCheckpointFileOf } from '../evidence/last-checkpoint.js';
import { logSignerOf } from '../evidence/note-signer.js';
import { pendingMigrations } from '../db/migrate.js';

type Check = Readiness['checks']['db'];

/** A check that neither throws nor hangs: a database that stopped answering fails it after a few seconds. */
async function check(run: () => Promise<string | null>, timeoutMs = 3000): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${timeoutMs} ms`), timeoutMs);
  });
  try {
    const problem = await Promise.race([run(), late]);
    return problem ? { ok: false, detail: problem } : { ok: true };
  } catch (e) {
    return { ok: false, detail: (e as Error).message.slice(0, 300) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/health: the service's state for people and the browser tests. /live: the process
 * answers (a restart is the cure when it does not). /ready: this server can serve requests, for a
 * load balancer: database, migrations, a write to the file store, and the evidence log.
 */
export default async function health(app: FastifyInstance) {
  const { db, config } = app;
  const evidence = () => evidenceLogHealth(db, lastCheckpointFileOf(config.dataDir), () => logSignerOf(config));

  // seedPending: demo-data jobs (seed.*) not finished yet; the browser tests wait for 0.
  // evidenceLog 'inconsistent': the stored log no longer extends the last signed checkpoint and
  // nothing is signed until an operator acts (docs/security.md). Still 200 with status
  // 'degraded': a load balancer must not take every app server out over the evidence log.
  app.get('/', { schema: { summary: '服务状态', response: envelopeOf(healthSchema) } }, async () => {
    const e = await evidence();
    return ok({
      status: e.state === 'ok' ? 'up' : 'degraded',
      db: db.kind,
      seedPending: await countUnfinishedJobs(db, { prefix: 'seed.' }),
      evidenceLog: e.state,
      ...(e.detail ? { evidenceLogDetail: e.detail } : {}),
    });
  });

  app.get('/live', { schema: { summary: '存活检查', response: envelopeOf(livenessSchema) } }, async () =>
    ok({ live: true as const }),
  );

  app.get(
    '/ready',
    {
      schema: {
        summary: '就绪检查（负载均衡用：任一项失败答 503）',
        response: { 200: envelope(readinessSchema), 503: envelope(readinessSchema) },
      },
    },
    async (_req, reply) => {
      // At once: a load balancer's poll waits for the slowest check, not for their sum.
      const [dbCheck, migrations, storage, evidenceLog] = await Promise.all([
        check(async () => ((await db.query('SELECT 1 AS one')).rows.length === 1 ? null : 'no row')),
        check(async () => {
          const pending = await pendingMigrations(db);
          return pending.length ? `${pending.length} pending: ${pending.slice(0, 5).join(', ')}` : null;
        }),
        check(async () => {
          const key = `health/ready-${process.pid}-${crypto.randomBytes(6).toString('hex')}`;
          await app.storage.put(key, Buffer.from('ready'));
          const found = await app.storage.exists(key);
          await app.storage.delete(key);
          return found ? null : 'a file just written was not found';
        }),
        // Not a reason to leave the pool (GET /api/health says why), but an operator's signal all the same.
        check(async () => {
          const e = await evidence();
          return e.state === 'ok' ? null : `inconsistent: ${e.detail ?? ''}`;
        }),
      ]);
      const checks: Readiness['checks'] = { db: dbCheck, migrations, storage, evidenceLog };
      const ready = checks.db.ok && checks.migrations.ok && checks.storage.ok;
      const body = { ready, checks };
      return ready ? ok(body) : reply.code(503).send(fail(503, '服务未就绪', body));
    },
  );
}
