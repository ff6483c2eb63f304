import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance } from 'fastify';
import { AppError, ok } from '../http/envelope.js';
import { envelopeOf } from '../http/envelope-schema.js';
import { topUpSchema, topUpStartedSchema } from '../../../src/schemas/api/pay-responses.js';
import { validateRouteForm } from './form-validate.js';
import { schemaStore } from '../schemas/store.js';
import { payProviders, type PayProviderName } from '../adapters/pay/index.js';
import { findTopUp } from '../repositories/wallet-topups.js';
import { startTopUp } from '../services/wallet-topup.js';

const SCHEMA_ID = 'lumen:forms/wallet-topup';

/**
 * /api/wallet/topup: POST / starts a top-up (lumen:forms/wallet-topup) and answers the provider's
 * pay URL (sandbox QR target); GET /:topupNo is polled until the callback has credited the wallet.
 */
export default async function walletTopUpRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  const providers = payProviders(app.config, app.db);

  app.post(
    '/',
    { config: { formSchema: SCHEMA_ID }, schema: { summary: '钱包充值', response: envelopeOf(topUpStartedSchema) } },
    async (req) => {
      const u = await req.requireUser();
      const form = await validateRouteForm(req);
      await schemaStore(app).all();
      const dailyMaxYuan = Number(schemaStore(app).lookup(SCHEMA_ID)?.['x-daily-max'] ?? 20000);
      const amountCents = Math.round(Number(form.amount) * 100);
      const p = providers[form.provider as PayProviderName];
      const { topUp, payUrl } = await startTopUp(app.db, Number(u.id), amountCents, p, Math.round(dailyMaxYuan * 100));
      return ok({ ...topUp, payUrl, providerName: p.label });
    },
  );

  app.get(
    '/:topupNo',
    {
      schema: {
        params: {
          type: 'object',
          required: ['topupNo'],
          properties: { topupNo: { type: 'string', title: '充值单号', pattern: '^TU[0-9]{8,20}$' } },
        },
        summary: '充值状态',
        response: envelopeOf(topUpSchema),
      },
    },
    async (req) => {
      const u = await req.requireUser();
      const t = await findTopUp(app.db, req.params.topupNo, Number(u.id));
      if (!t) throw new AppError(404, '充值记录不存在');
      return ok(t);
    },
  );
}
