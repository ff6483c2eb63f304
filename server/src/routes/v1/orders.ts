import type { FastifyInstance } from 'fastify';
import type { ContractTypes } from '../../http/type-provider.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from '../../http/envelope-schema.js';
import { listQuerySchema } from '../../http/list-query.js';
import { listOrders, ORDER_LIST } from '../../repositories/orders.js';
import { orderListSchema } from '../../../../src/schemas/api/trade-responses.js';
import { callerOf, v1Schema } from './key-auth.js';

/** /api/v1/orders: the account's licence orders (the list of /api/order/list), with a key. */
export async function ordersV1(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  app.get(
    '/orders',
    {
      config: { scope: 'orders:read' },
      schema: v1Schema('orders:read', '我的订单', {
        querystring: listQuerySchema(ORDER_LIST),
        response: envelopeOf(orderListSchema),
      }),
    },
    async (req) => ok(await listOrders(app.db, callerOf(req).user.id, req.query)),
  );
}
