import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance } from 'fastify';
import { AppError, ok } from '../http/envelope.js';
import { idParams, materialIdProp, scenarioProp } from '../http/route-schemas.js';
import * as cart from '../repositories/cart.js';
import { requireApproved } from '../services/material-availability.js';
import { checkScenario, createOrder, currentUseCases, quote } from '../services/checkout.js';
import { expireOrders } from '../repositories/orders.js';
import { heldLicenceKeys } from '../repositories/licences.js';
import payRoutes from './trade-pay.js';
import { levelOf } from '../../../src/schemas/licence/use-cases.js';
import { idProp } from '../http/params.js';
import { envelopeOf } from '../http/envelope-schema.js';
import { noData } from '../../../src/schemas/api/envelope.js';
import {
  cartChangeSchema,
  cartCountSchema,
  cartListSchema,
  createdOrderSchema,
  quoteSchema,
} from '../../../src/schemas/api/trade-responses.js';

/** Fields a client might try to set; refused outright so no one believes a client price counts. */
const PRICE_FIELDS = ['price', 'priceCents', 'amount', 'amountCents', 'subtotalCents', 'discountCents', 'totalCents'];
const priceProps = Object.fromEntries(PRICE_FIELDS.map((f) => [f, {}]));

const checkoutBody = {
  type: 'object',
  required: ['from'],
  properties: {
    from: { type: 'string', enum: ['cart', 'direct'] },
    cartIds: { type: 'array', title: '购物车条目', items: idProp('购物车条目'), minItems: 1, maxItems: 200 },
    items: {
      type: 'array',
      minItems: 1,
      maxItems: 50,
      items: {
        type: 'object',
        required: ['materialId', 'scenario'],
        properties: { materialId: materialIdProp, scenario: scenarioProp, ...priceProps },
        additionalProperties: false,
      },
    },
    couponId: idProp('优惠券'),
    licenseeType: { type: 'string', enum: ['PERSONAL', 'ORGANISATIONS'] },
    ...priceProps,
  },
  additionalProperties: false,
} as const;

function refuseClientPrices(body: Record<string, any>) {
  const has = (o: Record<string, any>) => PRICE_FIELDS.some((f) => f in o);
  if (has(body) || (body.items ?? []).some(has)) throw new AppError(400, '价格由服务器计算，请勿提交价格或金额');
}

/** /api/trade: cart, server-side pricing, order placement and payment. */
export default async function tradeRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  // Periodic sweep: unpaid orders expire even when nobody reads them; cleared on close.
  const sweep = setInterval(() => {
    expireOrders(app.db).catch((err) => app.log.error({ err }, 'order expiry sweep failed'));
  }, 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  app.get('/cart/list', { schema: { summary: '购物车条目', response: envelopeOf(cartListSchema) } }, async (req) => {
    const u = await req.requireUser();
    const lines = await cart.cartLines(app.db, u.id);
    const table = await currentUseCases(app.db);
    // A line the buyer already holds is flagged so the cart warns before a second purchase.
    const held = await heldLicenceKeys(
      app.db,
      u.id,
      lines.map((l) => ({ materialId: Number(l.materialId), scenario: l.scenario })),
    );
    const list = lines.map((l) => {
      const uc = table.find(l.scenario);
      return {
        ...l,
        scenarioName: uc?.name ?? l.scenario,
        level: uc ? levelOf(uc) : null,
        priceCents: uc ? table.priceOf(Number(l.basePriceCents), uc) : null,
        held: held.has(`${Number(l.materialId)}:${l.scenario}`),
      };
    });
    return ok({ list, total: list.length, totalCents: list.reduce((s, l) => s + (l.priceCents ?? 0), 0) });
  });

  app.get('/cart/count', { schema: { summary: '购物车数量', response: envelopeOf(cartCountSchema) } }, async (req) => {
    const u = await req.requireUser();
    return ok({ count: await cart.cartCount(app.db, u.id) });
  });

  app.post(
    '/cart',
    {
      schema: {
        body: {
          type: 'object',
          required: ['materialId', 'scenario'],
          properties: { materialId: materialIdProp, scenario: scenarioProp, ...priceProps },
          additionalProperties: false,
        },
        summary: '加入购物车',
        response: envelopeOf(cartChangeSchema),
      },
    },
    async (req) => {
      const u = await req.requireUser();
      const b = req.body;
      refuseClientPrices(b);
      await checkScenario(app.db, u, b.scenario);
      await requireApproved(app.db, b.materialId, '加入购物车');
      const id = await cart.upsertCartLine(app.db, u.id, b.materialId, b.scenario);
      return ok({ id, count: await cart.cartCount(app.db, u.id) }, '已加入购物车');
    },
  );

  app.put(
    '/cart/:id',
    {
      schema: {
        params: idParams,
        body: {
          type: 'object',
          required: ['scenario'],
          properties: { scenario: scenarioProp },
          additionalProperties: false,
        },
        summary: '更换授权场景',
        response: envelopeOf(noData),
      },
    },
    async (req) => {
      const u = await req.requireUser();
      const { scenario } = req.body;
      await checkScenario(app.db, u, scenario);
      if (!(await cart.setCartScenario(app.db, u.id, req.params.id, scenario)))
        throw new AppError(404, '购物车中没有该素材');
      return ok(null, '授权场景已更新');
    },
  );

  app.delete(
    '/cart/:id',
    { schema: { summary: '移出购物车', params: idParams, response: envelopeOf(cartChangeSchema) } },
    async (req) => {
      const u = await req.requireUser();
      if (!(await cart.removeCartLines(app.db, u.id, [req.params.id]))) throw new AppError(404, '购物车中没有该素材');
      return ok({ count: await cart.cartCount(app.db, u.id) }, '已移出购物车');
    },
  );

  /** The server's price for a prospective order (the /buy page shows only this). */
  app.post(
    '/quote',
    { schema: { summary: '订单报价', body: checkoutBody, response: envelopeOf(quoteSchema) } },
    async (req) => {
      const u = await req.requireUser();
      refuseClientPrices(req.body);
      return ok(await quote(app.db, u, req.body));
    },
  );

  app.post(
    '/order',
    { schema: { summary: '下单', body: checkoutBody, response: envelopeOf(createdOrderSchema) } },
    async (req) => {
      const u = await req.requireUser();
      refuseClientPrices(req.body);
      return ok(await createOrder(app.db, u, req.body), '订单已创建');
    },
  );

  await app.register(payRoutes, { prefix: '/pay' });
}
