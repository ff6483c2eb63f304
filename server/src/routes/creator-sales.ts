import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.js';
import { envelopeOf } from '../http/envelope-schema.js';
import { revenueShareRuleSchema, saleSchema, salesSummarySchema } from '../../../src/schemas/api/earnings.js';
import { listQuerySchema } from '../http/list-query.js';
import { registerResourceRoutes, userFor } from './resource-routes.js';
import { SALES_LIST, salesSummary, salesTable } from '../repositories/earnings.js';
import { currentRevenueShare } from '../services/earnings.js';

/**
 * /api/creator/sales — a creator's sales: one earnings-ledger row per sold licence of their works
 * (list convention: GET /list, GET /:id), the totals, per-day and per-work sums of the same
 * filters (GET /summary) and the share rule in force (GET /rule). States: lumen:status/earning.
 */
export default async function creatorSalesRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  app.get(
    '/summary',
    {
      schema: {
        querystring: listQuerySchema(SALES_LIST),
        summary: '销售汇总',
        response: envelopeOf(salesSummarySchema),
      },
    },
    async (req) => {
      const user = await userFor(req, 'creator');
      return ok(await salesSummary(app.db, Number(user.id), req.query));
    },
  );

  app.get(
    '/rule',
    { schema: { summary: '当前分成规则', response: envelopeOf(revenueShareRuleSchema) } },
    async (req) => {
      await userFor(req, 'creator');
      return ok(await currentRevenueShare(app.db));
    },
  );

  // Read only: sales are written by payments and refunds, never through this API.
  registerResourceRoutes(app, { table: salesTable, role: 'creator', record: saleSchema });
}
