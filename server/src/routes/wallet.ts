import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance } from 'fastify';
import { envelopeOf } from '../http/envelope-schema.js';
import { walletInfoSchema, walletListSchema } from '../../../src/schemas/api/pay-responses.js';
import { ok } from '../http/envelope.js';
import { listQuerySchema } from '../http/list-query.js';
import { balanceOf, listTransactions, WALLET_LIST } from '../repositories/wallet.js';

/** /api/wallet: balance and its movements (payments debit it atomically in /api/trade/pay/wallet). */
export default async function walletRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  app.get('/info', { schema: { summary: '钱包余额', response: envelopeOf(walletInfoSchema) } }, async (req) => {
    const u = await req.requireUser();
    return ok({ balanceCents: await balanceOf(app.db, u.id) });
  });
  app.get(
    '/list',
    {
      schema: {
        summary: '钱包明细',
        querystring: listQuerySchema(WALLET_LIST),
        response: envelopeOf(walletListSchema),
      },
    },
    async (req) => {
      const u = await req.requireUser();
      return ok(await listTransactions(app.db, u.id, req.query));
    },
  );
}
