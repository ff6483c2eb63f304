import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance } from 'fastify';
import { envelopeOf } from '../http/envelope-schema.js';
import { couponListSchema } from '../../../src/schemas/api/pay-responses.js';
import { ok } from '../http/envelope.js';
import { listQuerySchema } from '../http/list-query.js';
import { COUPON_LIST, listCoupons } from '../repositories/coupons.js';

/** /api/discount: my coupons (status 0 unusable, 1 usable, 2 used, 3 expired, 4 cancelled). */
export default async function discountRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  app.get(
    '/list',
    {
      schema: {
        summary: '我的优惠券',
        querystring: listQuerySchema(COUPON_LIST),
        response: envelopeOf(couponListSchema),
      },
    },
    async (req) => {
      const u = await req.requireUser();
      return ok(await listCoupons(app.db, u.id, req.query));
    },
  );
}
