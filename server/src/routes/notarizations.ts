import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance } from 'fastify';
import { AppError, ok } from '../http/envelope.js';
import { mustGetOwned, registerResourceRoutes } from './resource-routes.js';
import { validateRouteForm } from './form-validate.js';
import { contentDisposition } from '../http/content-disposition.js';
import { idParams } from '../http/params.js';
import { notaryOffice } from '../adapters/notary/index.js';
import {
  NOTARY,
  evidenceItems,
  notarizationEvents,
  notarizationTable,
  notaryCertificateKey,
} from '../repositories/notarizations.js';
import {
  applyForNotarization,
  applyNotaryDecision,
  fileWithNotary,
  releaseNotarizationUnit,
  supplyInformation,
} from '../services/notarization.js';
import { withdrawAtOffice } from '../services/office-decisions.js';
import { envelopeOf, fileAnswer } from '../http/envelope-schema.js';
import {
  decisionOutcomeSchema,
  notarizationEventsSchema,
  notarizationRecordSchema,
  notaryEvidenceSchema,
  supplementSchema,
} from '../../../src/schemas/api/protection-responses.js';

/** /api/protection/notarization: my notarization applications (lumen:forms/notarization), the notary's callback. */
export default async function notarizationRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  const notary = notaryOffice(app.config, app.db);

  /** What the form's evidence picker offers: completed deposits and issued registrations. */
  app.get('/evidence', { schema: { response: envelopeOf(notaryEvidenceSchema) } }, async (req) => {
    const u = await req.requireUser();
    const list = await evidenceItems(app.db, Number(u.id));
    return ok({ list: list.map((e) => ({ ...e, value: `${e.type}:${e.id}` })) });
  });

  registerResourceRoutes(app, {
    table: notarizationTable,
    schemaId: 'lumen:forms/notarization',
    record: notarizationRecordSchema,
    create: async (db, user, form, req) => {
      const id = await applyForNotarization(db, Number(user.id), form);
      await fileWithNotary(db, notary, app.config.publicUrl, id).catch((err) =>
        req.log.error({ err, id }, 'filing with the notary failed'),
      );
      return id;
    },
    transitions: {
      withdraw: {
        from: [NOTARY.SUBMITTED],
        to: NOTARY.WITHDRAWN,
        refused: '公证处已受理，不能撤回',
        before: (db, row) =>
          withdrawAtOffice(db, 'notary', notary, row.case_no, '公证处已受理，不能撤回（状态稍后更新）'),
        after: releaseNotarizationUnit,
      },
    },
  });

  app.post(
    '/:id/supplement',
    {
      config: { formSchema: 'lumen:forms/notarization-supplement' },
      schema: { params: idParams, response: envelopeOf(supplementSchema) },
    },
    async (req) => {
      const u = await req.requireUser();
      const id = req.params.id;
      const form = await validateRouteForm(req);
      await supplyInformation(app.db, notary, app.config.publicUrl, Number(u.id), id, String(form.supplement).trim());
      return ok({ id }, '已提交补充材料');
    },
  );

  app.get(
    '/:id/events',
    { schema: { params: idParams, response: envelopeOf(notarizationEventsSchema) } },
    async (req) => {
      const u = await req.requireUser();
      const id = req.params.id;
      await mustGetOwned(app.db, notarizationTable, Number(u.id), id);
      return ok({ list: await notarizationEvents(app.db, id) });
    },
  );

  app.get(
    '/:id/certificate',
    { schema: { params: idParams, response: fileAnswer('application/pdf', '公证书 PDF') } },
    async (req, reply) => {
      const u = await req.requireUser();
      const row = await mustGetOwned(app.db, notarizationTable, Number(u.id), req.params.id);
      const key = await notaryCertificateKey(app.db, Number(row.id));
      if (Number(row.status) !== NOTARY.ISSUED || !key) throw new AppError(404, '公证书尚未出具');
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(`公证书-${row.id}.pdf`))
        .send(await app.storage.get(key));
    },
  );

  /** The notary office's signed status callback. */
  app.post(
    '/notify',
    { schema: { body: { type: 'object' }, response: envelopeOf(decisionOutcomeSchema) } },
    async (req) => {
      const d = notary.verifyDecision(req.body);
      if (!d) throw new AppError(400, '签名校验失败');
      const outcome = await applyNotaryDecision(app.db, app.storage, notary, d);
      req.log.info({ caseNo: d.caseNo, decision: d.decision, outcome }, 'notary decision');
      if (outcome === 'unknown_case') throw new AppError(404, '受理号不存在');
      if (outcome === 'out_of_state') throw new AppError(409, '申请当前状态不能执行该决定');
      return ok({ outcome });
    },
  );
}
