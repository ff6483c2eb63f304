import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance } from 'fastify';
import { envelopeOf } from '../http/envelope-schema.js';
import { createdIdSchema } from '../../../src/schemas/api/action-responses.js';
import { ok } from '../http/envelope.js';
import { idParams } from '../http/route-schemas.js';
import { giftCardBatchCardsSchema, giftCardBatchListSchema } from '../../../src/schemas/api/admin-responses.js';
import { requireStaff } from '../plugins/staff.js';
import { validateRouteForm } from './form-validate.js';
import { batchCards, listBatches } from '../repositories/gift-cards.js';
import { createGiftCardBatch } from '../services/gift-cards.js';
import { currentGiftRules } from './gift-cards.js';

const pageQuery = {
  type: 'object',
  properties: {
    page: { type: 'integer', title: '页码', minimum: 1, maximum: 10000, default: 1 },
    pageSize: { type: 'integer', title: '每页条数', minimum: 1, maximum: 100, default: 20 },
  },
  additionalProperties: false,
} as const;

/** /api/admin/gift-cards (staff only): gift-card batches (create, list, each batch's codes and their state). */
export default async function adminGiftCardRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  app.get(
    '/batches',
    { schema: { summary: '礼品卡批次', querystring: pageQuery, response: envelopeOf(giftCardBatchListSchema) } },
    async (req) => {
      await requireStaff(req);
      const q = req.query;
      return ok(await listBatches(app.db, q.page, q.pageSize));
    },
  );

  app.post(
    '/batches',
    {
      config: { formSchema: 'lumen:forms/gift-card-batch' },
      schema: { summary: '生成礼品卡', response: envelopeOf(createdIdSchema) },
    },
    async (req) => {
      const staff = await requireStaff(req);
      const form = await validateRouteForm(req);
      const id = await createGiftCardBatch(app.db, req, staff, form as any, await currentGiftRules(app));
      return ok({ id }, `已生成 ${form.count} 张礼品卡`);
    },
  );

  app.get(
    '/batches/:id/cards',
    { schema: { summary: '批次礼品卡', params: idParams, response: envelopeOf(giftCardBatchCardsSchema) } },
    async (req) => {
      await requireStaff(req);
      return ok(await batchCards(app.db, req.params.id));
    },
  );
}
