import type { FastifyInstance } from 'fastify';
import { AppError, ok } from '../http/envelope.js';
import { validateRouteForm } from './form-validate.js';
import { envelopeOf } from '../http/envelope-schema.js';
import { creatorAgreementStateSchema, creatorSignedSchema } from '../../../src/schemas/api/account-responses.js';
import { latestAgreement, signCreatorAgreement } from '../repositories/creator-agreements.js';
import agreement from '../../../src/schemas/content/creator-agreement.json';

/**
 * /api/user/creator — becoming a creator (/signCreator). POST /sign accepts the current version of
 * the contributor agreement (src/schemas/content/creator-agreement.json, the text the page shows), records
 * version and time, and adds the 'creator' role; repeating it changes nothing. GET /agreement says
 * which version is current and which one the user signed.
 */
export default async function creatorSign(app: FastifyInstance) {
  app.get(
    '/agreement',
    { schema: { summary: '创作者协议签署情况', response: envelopeOf(creatorAgreementStateSchema) } },
    async (req) => {
      const user = await req.requireUser();
      return ok({
        currentVersion: agreement.version,
        signed: await latestAgreement(app.db, Number(user.id)),
        creator: user.roles.includes('creator'),
      });
    },
  );

  app.post(
    '/sign',
    {
      config: { formSchema: 'lumen:forms/creator-sign', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { summary: '签署创作者协议', response: envelopeOf(creatorSignedSchema) },
    },
    async (req) => {
      const user = await req.requireUser();
      const form = await validateRouteForm(req);
      if (form.agreementVersion !== agreement.version)
        throw new AppError(409, '创作者协议已更新，请刷新页面阅读最新版本后再签署');
      const signed = await app.db.tx((q) =>
        signCreatorAgreement(q, Number(user.id), agreement.version, req.ip ?? null),
      );
      return ok({ agreementVersion: agreement.version, ...signed }, '您已成为流明素材创作者');
    },
  );
}
