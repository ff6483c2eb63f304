import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/src/db/index.js';
import { credit } from '../../server/src/repositories/wallet.js';
import { call } from './trade.js';

/** Buys a copyright-service package with wallet money (topped up first) and returns the created order. */
export async function buyServiceWithWallet(
  app: FastifyInstance,
  db: Db,
  user: { id: number; auth: { authorization: string } },
  sku: string,
  count = 1,
) {
  const placed = await call(app, 'POST', '/api/service-orders', user.auth, { sku, count });
  if (placed.status !== 200) throw new Error(`service order refused: ${placed.body?.msg}`);
  const o = placed.body.data as { id: number; orderNo: string; amountCents: number; serviceOrderId: number };
  await credit(db, user.id, o.amountCents, 'recharge', 'test top-up');
  const paid = await call(app, 'POST', '/api/trade/pay/wallet', user.auth, { orderId: o.id });
  if (paid.status !== 200) throw new Error(`wallet payment refused: ${paid.body?.msg}`);
  return o;
}
