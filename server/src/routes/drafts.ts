import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance } from 'fastify';
import { AppError, ok } from '../http/envelope.js';
import { idParams } from '../http/route-schemas.js';
import { envelopeOf } from '../http/envelope-schema.js';
import { noData } from '../../../src/schemas/api/envelope.js';
import { draftListSchema, draftSavedSchema, draftSchema } from '../../../src/schemas/api/draft-responses.js';
import { idProp } from '../http/params.js';
import { deleteDraft, deleteExpiredDrafts, findDraft, listDrafts } from '../repositories/drafts.js';
import { currentDraftPolicy, saveDraft } from '../services/drafts.js';

const formIdProp = { type: 'string', title: '表单编号', pattern: '^lumen:forms/[a-z0-9-]+$' } as const;
const saveBody = {
  type: 'object',
  required: ['formId', 'data'],
  properties: { id: idProp('草稿编号'), formId: formIdProp, data: { type: 'object', title: '草稿内容' } },
  additionalProperties: false,
} as const;
const listQuery = { type: 'object', properties: { formId: formIdProp }, additionalProperties: false } as const;

/** /api/drafts: the signed-in user's autosaved application drafts (services/drafts.ts). */
export default async function draftRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  app.get(
    '/',
    { schema: { querystring: listQuery, summary: '我的草稿', response: envelopeOf(draftListSchema) } },
    async (req) => {
      const user = await req.requireUser();
      await deleteExpiredDrafts(app.db, Number(user.id));
      const policy = await currentDraftPolicy(app.db);
      const list = await listDrafts(app.db, Number(user.id), req.query.formId ?? null);
      return ok({ list, ttlDays: policy.ttlDays, maxPerUser: policy.maxPerUser, forms: policy.forms });
    },
  );

  // Autosave fires every few seconds while someone types: generous, but bounded.
  app.post(
    '/',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { body: saveBody, summary: '保存草稿', response: envelopeOf(draftSavedSchema) },
    },
    async (req) => {
      const user = await req.requireUser();
      return ok(await saveDraft(app.db, Number(user.id), req.body), '草稿已保存');
    },
  );

  app.get(
    '/:id',
    { schema: { params: idParams, summary: '草稿内容', response: envelopeOf(draftSchema) } },
    async (req) => {
      const user = await req.requireUser();
      const d = await findDraft(app.db, Number(user.id), req.params.id);
      if (!d) throw new AppError(404, '草稿不存在或已过期');
      return ok(d);
    },
  );

  app.delete(
    '/:id',
    { schema: { params: idParams, summary: '删除草稿', response: envelopeOf(noData) } },
    async (req) => {
      const user = await req.requireUser();
      if (!(await deleteDraft(app.db, Number(user.id), req.params.id))) throw new AppError(404, '草稿不存在');
      return ok(null, '草稿已删除');
    },
  );
}
