import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.js';
import { idParams } from '../http/route-schemas.js';
import { envelopeOf } from '../http/envelope-schema.js';
import { refundListSchema, refundSchema } from '../../../src/schemas/api/admin-responses.js';
import { requireStaff } from '../plugins/staff.js';
import { payProviders } from '../adapters/pay/index.js';
import { listRefunds } from '../repositories/refunds.js';
import { settleRefund } from '../services/refunds.js';
import { refundPaidOrder } from '../services/order-refund.js';
import { validateRouteForm } from './form-validate.js';
import { enumCodes } from '../../../src/schemas/index.js';

const listQuery = {
  type: 'object',
  properties: {
    // The list's two tabs: 'due' also holds refunds being settled (processing).
    status: {
      type: 'string',
      title: '退款状态',
      enum: enumCodes<string>('lumen:status/refund-settlement').filter((c) => c !== 'processing'),
      default: 'due',
    },
    page: { type: 'integer', title: '页码', minimum: 1, default: 1 },
    pageSize: { type: 'integer', title: '每页条数', minimum: 1, maximum: 100, default: 20 },
  },
  additionalProperties: false,
} as const;

/** /api/admin/refunds (staff only): payments that granted nothing, orders refunded in full, and settling them. */
export default async function adminRefundRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  const providers = payProviders(app.config, app.db);

  /** Refunds due (and those being settled), or settled ones with ?status=refunded. */
  app.get(
    '/list',
    { schema: { summary: '待退款与已退款', querystring: listQuery, response: envelopeOf(refundListSchema) } },
    async (req) => {
      await requireStaff(req);
      const q = req.query;
      // The schema's enum is read from lumen:status/refund-settlement at run time: a string to TypeScript.
      return ok(await listRefunds(app.db, q.status as 'due' | 'refunded', q.page, q.pageSize));
    },
  );

  /** Pays one refund back through its original channel; idempotent (settling twice pays once). */
  app.post(
    '/:id/settle',
    { schema: { summary: '完成退款', params: idParams, response: envelopeOf(refundSchema) } },
    async (req) => {
      const staff = await requireStaff(req);
      const refund = await settleRefund(app.db, providers, req.params.id, Number(staff.id));
      req.log.info(
        {
          refundId: refund.id,
          orderNo: refund.orderNo,
          provider: refund.provider,
          amountCents: refund.amountCents,
          staffId: staff.id,
        },
        'refund settled',
      );
      return ok(refund, '退款已完成');
    },
  );

  /**
   * Refunds a paid order in full (lumen:forms/order-refund): licences revoked, creators' shares
   * reversed, the payment paid back through its channel. Idempotent: a second call answers the same refund.
   */
  app.post(
    '/order',
    {
      config: { formSchema: 'lumen:forms/order-refund' },
      schema: { summary: '订单全额退款', response: envelopeOf(refundSchema) },
    },
    async (req) => {
      const staff = await requireStaff(req);
      const form = await validateRouteForm(req);
      const refund = await refundPaidOrder(
        app.db,
        providers,
        { orderNo: form.orderNo, reason: String(form.reason).trim() },
        Number(staff.id),
      );
      req.log.info(
        { refundId: refund.id, orderNo: refund.orderNo, amountCents: refund.amountCents, staffId: staff.id },
        'order refunded',
      );
      return ok(refund, '订单已退款');
    },
  );
}
