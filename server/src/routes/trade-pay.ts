import type { FastifyInstance } from 'fastify';
import { AppError, ok } from '../lib/envelope.js';
import { envelopeResponse, idParams } from '../lib/trade-schemas.js';
import { idProp } from '../http/params.js';
import { PAY_PROVIDERS, payProviders, type PayProviderName } from '../adapters/pay/index.js';
import { expireOrders, findOrder, findOrderByNo, markPaymentToRefund, takenDownItems, type OrderRow } from '../repositories/orders.js';
import { insertNotification, setNotificationResult } from '../repositories/pay-notifications.js';
import { debit } from '../repositories/wallet.js';
import { settlePaid } from '../services/checkout.js';

const orderIdBody = (extra: Record<string, unknown> = {}, required: string[] = []) => ({
  type: 'object',
  required: ['orderId', ...required],
  properties: { orderId: idProp('订单编号'), ...extra },
  additionalProperties: false,
});

function payable(o: OrderRow | null): OrderRow {
  if (!o) throw new AppError(404, '订单不存在');
  if (o.status === 'paid') throw new AppError(409, '订单已支付，请勿重复支付');
  if (o.status === 'expired') throw new AppError(409, '订单已超时关闭，请重新下单');
  if (o.status !== 'pending') throw new AppError(409, '订单已关闭，请重新下单');
  return o;
}

/**
 * An order placed before one of its materials was taken down is not paid any more (no new sale of a
 * withdrawn item). A callback for a payment already started still settles: the buyer has paid.
 */
async function refuseTakenDown(db: Parameters<typeof takenDownItems>[0], o: OrderRow) {
  const gone = await takenDownItems(db, o.id);
  if (gone.length) throw new AppError(409, `订单中的「${gone[0]}」已下架，无法支付，请取消订单后重新下单`);
}

/** /api/trade/pay: provider payment (sandbox QR), wallet payment, state polling, provider callbacks. */
export default async function payRoutes(app: FastifyInstance) {
  const providers = payProviders(app.config);

  app.post('/create', {
    schema: { body: orderIdBody({ provider: { type: 'string', enum: PAY_PROVIDERS } }, ['provider']), response: envelopeResponse },
  }, async (req) => {
    const u = await req.requireUser();
    const { orderId, provider } = req.body as { orderId: number; provider: PayProviderName };
    const o = payable(await findOrder(app.db, u.id, orderId));
    await refuseTakenDown(app.db, o);
    const p = providers[provider];
    const { payUrl } = await p.createPayment({ orderNo: o.orderNo, amountCents: o.amountCents, subject: `流明素材订单 ${o.orderNo}` });
    return ok({ payUrl, provider, providerName: p.label, amountCents: o.amountCents, expiresAt: o.expiresAt, orderNo: o.orderNo });
  });

  /** Wallet payment: balance debit and order update in one transaction, both conditional. */
  app.post('/wallet', { schema: { body: orderIdBody(), response: envelopeResponse } }, async (req) => {
    const u = await req.requireUser();
    const o = payable(await findOrder(app.db, u.id, (req.body as { orderId: number }).orderId));
    await refuseTakenDown(app.db, o);
    await app.db.tx(async (t) => {
      if (!(await debit(t, u.id, o.amountCents, o.id, `支付订单 ${o.orderNo}`))) throw new AppError(400, '钱包余额不足，请选择其他支付方式');
      if (!(await settlePaid(t, o.id, o.amountCents, 'wallet'))) throw new AppError(409, '订单状态已变化，请刷新后重试');
    });
    return ok({ status: 'paid' }, '支付成功');
  });

  /** Polled by the /pay page every 2 seconds. */
  app.get('/state/:id', { schema: { params: idParams, response: envelopeResponse } }, async (req) => {
    const u = await req.requireUser();
    const o = await findOrder(app.db, u.id, (req.params as { id: number }).id);
    if (!o) throw new AppError(404, '订单不存在');
    const last = await app.db.query<{ trade_status: string }>('SELECT trade_status FROM pay_notifications WHERE order_no = $1 ORDER BY id DESC LIMIT 1', [o.orderNo]);
    return ok({ status: o.status, amountCents: o.amountCents, paidAt: o.paidAt, expiresAt: o.expiresAt, lastNotify: last.rows[0]?.trade_status ?? null });
  });

  /**
   * Provider callback. Signature first; then the notification is stored once under
   * UNIQUE(provider, notify_id) — a replay stops there; then the amount-checked atomic update.
   */
  app.post('/notify/:provider', {
    schema: { params: { type: 'object', required: ['provider'], properties: { provider: { type: 'string', enum: PAY_PROVIDERS } } }, body: { type: 'object' } },
  }, async (req, reply) => {
    const p = providers[(req.params as { provider: PayProviderName }).provider];
    const n = p.verifyNotification(req.body as Record<string, unknown>);
    if (!n) throw new AppError(400, '签名校验失败');
    const ack = p.ackBody();
    const outcome = await app.db.tx(async (t) => {
      const rowId = await insertNotification(t, { provider: p.name, ...n });
      if (rowId === null) return 'duplicate';
      const o = await findOrderByNo(t, n.orderNo);
      if (!o) return setResult(t, rowId, 'unknown_order');
      if (n.tradeStatus !== 'SUCCESS') return setResult(t, rowId, 'failed');
      if (n.amountCents !== o.amountCents) return setResult(t, rowId, 'amount_mismatch');
      if (await settlePaid(t, o.id, n.amountCents, p.name)) return setResult(t, rowId, 'paid');
      // The buyer paid but the order had closed (expired, possibly not swept yet, or cancelled) or
      // was already paid by another payment: acked so the provider stops retrying, and kept on
      // the order as a refund to make.
      await expireOrders(t, o.userId);
      const status = await markPaymentToRefund(t, o.id, n.amountCents, p.name);
      if (status) return setResult(t, rowId, status === 'paid' ? 'paid_twice' : 'paid_after_close');
      return setResult(t, rowId, 'ignored');
    });
    if (outcome === 'paid_after_close' || outcome === 'paid_twice') req.log.warn({ provider: p.name, orderNo: n.orderNo, outcome }, 'payment granted nothing: refund pending');
    if (outcome === 'ignored') req.log.warn({ provider: p.name, orderNo: n.orderNo }, 'payment granted nothing and the order already carries a refund: settle by hand');
    req.log.info({ provider: p.name, orderNo: n.orderNo, outcome }, 'pay notification');
    if (outcome === 'amount_mismatch') throw new AppError(400, '支付金额与订单金额不一致');
    if (outcome === 'unknown_order') throw new AppError(404, '订单不存在');
    return reply.send(ack);
  });

  async function setResult(t: Parameters<typeof setNotificationResult>[0], id: number, result: string) {
    await setNotificationResult(t, id, result);
    return result;
  }
}
