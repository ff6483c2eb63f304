import type { FastifyInstance } from 'fastify';
import type { ContractTypes } from '../http/type-provider.js';
import { AppError, ok } from '../http/envelope.js';
import { copyrightAuthority } from '../adapters/authority/index.js';
import { applyAuthorityDecision } from '../services/registration-progress.js';
import { envelopeOf } from '../http/envelope-schema.js';
import { decisionOutcomeSchema } from '../../../src/schemas/api/protection-responses.js';

/**
 * /api/protection/authority/notify: the copyright authority's status callback. The signature is
 * checked with the authority's own key; services/registration-progress.ts applies it once.
 */
export default async function authorityRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  const authority = copyrightAuthority(app.config, app.db);
  app.post(
    '/notify',
    {
      schema: {
        body: { type: 'object', additionalProperties: true } as const,
        response: envelopeOf(decisionOutcomeSchema),
      },
    },
    async (req) => {
      const d = authority.verifyDecision(req.body);
      if (!d) throw new AppError(400, '签名校验失败');
      const outcome = await applyAuthorityDecision(app.db, app.storage, authority, d);
      req.log.info({ caseNo: d.caseNo, decision: d.decision, outcome }, 'authority decision');
      if (outcome === 'unknown_case') throw new AppError(404, '受理号不存在');
      if (outcome === 'out_of_state') throw new AppError(409, '申请当前状态不能执行该决定');
      return ok({ outcome });
    },
  );
}
