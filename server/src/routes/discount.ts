import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.js';
import { envelopeResponse } from '../http/route-schemas.js';
import { listQuerySchema } from '../http/list-query.js';
import { COUPON_LIST, listCoupons } from '../repositories/coupons.js';

/** /api/discount: my coupons (status 0 unusable, 1 usable, 2 used, 3 expired, 4 cancelled). */
export default async function discountRoutes(app: FastifyInstance) {
  app.get('/list', { schema: { querystring: listQuerySchema(COUPON_LIST), response: envelopeResponse } }, async (req) => {
    const u = await req.requireUser();
    return ok(await listCoupons(app.db, u.id, req.query as any));
  });
}
