import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.js';
import { envelopeResponse } from '../http/route-schemas.js';
import { listQuerySchema } from '../http/list-query.js';
import { balanceOf, listTransactions, WALLET_LIST } from '../repositories/wallet.js';

/** /api/wallet: balance and its movements (payments debit it atomically in /api/trade/pay/wallet). */
export default async function walletRoutes(app: FastifyInstance) {
  app.get('/info', { schema: { response: envelopeResponse } }, async (req) => {
    const u = await req.requireUser();
    return ok({ balanceCents: await balanceOf(app.db, u.id) });
  });
  app.get('/list', { schema: { querystring: listQuerySchema(WALLET_LIST), response: envelopeResponse } }, async (req) => {
    const u = await req.requireUser();
    return ok(await listTransactions(app.db, u.id, req.query as any));
  });
}
