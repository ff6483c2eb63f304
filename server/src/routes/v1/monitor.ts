import type { FastifyInstance } from 'fastify';
import type { ContractTypes } from '../../http/type-provider.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from '../../http/envelope-schema.js';
import { idParams } from '../../http/params.js';
import * as hitsRepo from '../../repositories/monitor-hits.js';
import { reconcileOffers, triage } from '../../services/monitor/triage.js';
import { TRIAGE_ACTIONS, TRIAGE_LABELS } from '../../../../src/schemas/cyprotect/monitor.js';
import { monitorHitListSchema, monitorTriageSchema } from '../../../../src/schemas/api/monitor-responses.js';
import { callerOf, v1Schema } from './key-auth.js';

/** /api/v1/monitor: the monitoring hits of /api/monitor/hits and their triage, with a key. */
export async function monitorV1(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();

  app.get(
    '/monitor/hits',
    {
      config: { scope: 'monitor:read' },
      schema: v1Schema('monitor:read', '侵权监测结果', {
        querystring: {
          type: 'object',
          properties: {
            kind: { type: 'string', enum: ['image', 'video'] },
            status: { type: 'string', maxLength: 20 },
            page: { type: 'integer', minimum: 1, maximum: 10000, default: 1 },
            pageSize: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
          },
        },
        response: envelopeOf(monitorHitListSchema),
      }),
    },
    async (req) => {
      const userId = callerOf(req).user.id;
      await reconcileOffers(app.db, userId);
      return ok(await hitsRepo.listHits(app.db, userId, req.query));
    },
  );

  app.post(
    '/monitor/hits/:id/triage',
    {
      config: { scope: 'monitor:triage' },
      schema: v1Schema('monitor:triage', '处理侵权监测结果', {
        params: idParams,
        body: {
          type: 'object',
          required: ['action'],
          additionalProperties: false,
          properties: {
            action: { type: 'string', title: '处理方式', enum: TRIAGE_ACTIONS },
            scenario: { type: 'string', maxLength: 40 },
          },
        },
        response: envelopeOf(monitorTriageSchema),
      }),
    },
    async (req) => {
      const env = {
        db: app.db,
        storage: app.storage,
        publicUrl: app.config.publicUrl,
        allowLive: app.config.env === 'production',
      };
      const r = await triage(env, callerOf(req).user.id, req.params.id, req.body.action, {
        scenario: req.body.scenario,
      });
      return ok(r, `已${TRIAGE_LABELS[req.body.action]}`);
    },
  );
}
