import type { FastifyInstance } from 'fastify';
import type { ContractTypes } from '../http/type-provider.js';
import { envelopeOf } from '../http/envelope-schema.js';
import { payCreatedSchema, payStateSchema, walletPaidSchema } from '../../../src/schemas/api/pay-responses.js';
import { AppError, ok } from '../http/envelope.js';
import { idParams } from '../http/route-schemas.js';
import { idProp } from '../http/params.js';
import { PAY_PROVIDERS, payProviders } from '../adapters/pay/index.js';
import { findOrder, takenDownItems, type OrderRow } from '../repositories/orders.js';
import { heldOrderLines } from '../repositories/licences.js';
import { lastTradeStatus } from '../repositories/pay-notifications.js';
import { applyNotification, payFromWallet } from '../services/payments.js';
import type { Queryable } from '../db/index.js';

const orderIdBody = {
  type: 'object',
  required: ['orderId'],
  properties: { orderId: idProp('订单编号') },
  additionalProperties: false,
} as const;
const payCreateBody = {
  type: 'object',
  required: ['orderId', 'provider'],
  properties: { orderId: idProp('订单编号'), provider: { type: 'string', enum: PAY_PROVIDERS } },
  additionalProperties: false,
} as const;

function payable(o: OrderRow | null): OrderRow {
  if (!o) throw new AppError(404, '订单不存在');
  if (o.status === 'paid') throw new AppError(409, '订单已支付，请勿重复支付');
  if (o.status === 'expired') throw new AppError(409, '订单已超时关闭，请重新下单');
  if (o.status !== 'pending') throw new AppError(409, '订单已关闭，请重新下单');
  return o;
}

/**
 * An order is not paid any more when one of its materials was taken down (no new sale of a
 * withdrawn item) or when another order has since licensed the same material and scenario (no
 * second purchase of a held licence). A callback for a payment already started still settles.
 */
async function refuseUnsellable(db: Queryable, o: OrderRow) {
  const gone = await takenDownItems(db, o.id);
  if (gone.length) throw new AppError(409, `订单中的「${gone[0]}」已下架，无法支付，请取消订单后重新下单`);
  const held = await heldOrderLines(db, o.id);
  if (held.length) throw new AppError(409, `您已持有「${held[0]}」相同授权场景的授权，无需重复购买，请取消该订单`);
}

/** /api/trade/pay: provider payment (sandbox QR), wallet payment, state polling, provider callbacks. */
export default async function payRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  const providers = payProviders(app.config, app.db);

  app.post(
    '/create',
    {
      schema: {
        body: payCreateBody,
        summary: '发起扫码支付',
        response: envelopeOf(payCreatedSchema),
      },
    },
    async (req) => {
      const u = await req.requireUser();
      const { orderId, provider } = req.body;
      const o = payable(await findOrder(app.db, u.id, orderId));
      await refuseUnsellable(app.db, o);
      const p = providers[provider];
      const { payUrl } = await p.createPayment({
        orderNo: o.orderNo,
        amountCents: o.amountCents,
        subject: `流明素材订单 ${o.orderNo}`,
      });
      return ok({
        payUrl,
        provider,
        providerName: p.label,
        amountCents: o.amountCents,
        expiresAt: o.expiresAt,
        orderNo: o.orderNo,
      });
    },
  );

  /** Wallet payment: balance debit, payment record and order update in one transaction, all conditional. */
  app.post(
    '/wallet',
    { schema: { summary: '钱包支付', body: orderIdBody, response: envelopeOf(walletPaidSchema) } },
    async (req) => {
      const u = await req.requireUser();
      const o = payable(await findOrder(app.db, u.id, req.body.orderId));
      await refuseUnsellable(app.db, o);
      await app.db.tx((t) => payFromWallet(t, o));
      return ok({ status: 'paid' }, '支付成功');
    },
  );

  /** Polled by the /pay page every 2 seconds. */
  app.get(
    '/state/:id',
    { schema: { summary: '支付状态', params: idParams, response: envelopeOf(payStateSchema) } },
    async (req) => {
      const u = await req.requireUser();
      const o = await findOrder(app.db, u.id, req.params.id);
      if (!o) throw new AppError(404, '订单不存在');
      return ok({
        status: o.status,
        amountCents: o.amountCents,
        paidAt: o.paidAt,
        expiresAt: o.expiresAt,
        lastNotify: await lastTradeStatus(app.db, o.orderNo),
      });
    },
  );

  /**
   * Provider callback. The signature is checked with the key of the provider named by the path,
   * over fields that name the provider: another provider's callback replayed here fails. Then
   * services/payments.ts stores it once and applies it.
   */
  app.post(
    '/notify/:provider',
    {
      schema: {
        params: {
          type: 'object',
          required: ['provider'],
          properties: { provider: { type: 'string', enum: PAY_PROVIDERS } },
        },
        body: { type: 'object', additionalProperties: true } as const,
        // The provider's own acknowledgement format, passed through as the provider expects it.
        response: {
          200: {
            description: '支付渠道要求的确认答复（渠道自定格式）',
            content: { 'application/json': { schema: { type: 'object', additionalProperties: true } } },
          },
        },
      },
    },
    async (req, reply) => {
      const p = providers[req.params.provider];
      const n = p.verifyNotification(req.body);
      if (!n) throw new AppError(400, '签名校验失败');
      const outcome = await app.db.tx((t) => applyNotification(t, p.name, n));
      const log = { provider: p.name, orderNo: n.orderNo, transactionId: n.transactionId, outcome };
      if (outcome === 'paid_twice' || outcome === 'paid_after_close' || outcome === 'amount_mismatch')
        req.log.warn(log, 'payment granted nothing: refund due');
      else req.log.info(log, 'pay notification');
      if (outcome === 'amount_mismatch') throw new AppError(400, '支付金额与订单金额不一致');
      if (outcome === 'unknown_order') throw new AppError(404, '订单不存在');
      return reply.send(p.ackBody());
    },
  );
}
