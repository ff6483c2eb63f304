import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance } from 'fastify';
import { AppError, ok } from '../http/envelope.js';
import { idParams } from '../http/route-schemas.js';
import { envelopeOf } from '../http/envelope-schema.js';
import {
  refundSchema,
  serviceCatalogueSchema,
  serviceOrderCreatedSchema,
  serviceOrderDetailSchema,
  serviceOrderListSchema,
  serviceQuotaSchema,
  serviceQuoteSchema,
} from '../../../src/schemas/api/service-order-responses.js';
import { listQuerySchema } from '../http/list-query.js';
import { validateRouteForm } from './form-validate.js';
import { requireStaff } from '../plugins/staff.js';
import { payProviders } from '../adapters/pay/index.js';
import * as so from '../repositories/service-orders.js';
import {
  createServiceOrder,
  currentCatalogue,
  quoteServiceOrder,
  type ServiceOrderInput,
} from '../services/service-orders.js';
import { refundUnused } from '../services/service-orders-quota.js';
import { SERVICE_CODES, type ServiceCatalogue } from '../../../src/schemas/services/copyright-services.js';

const FORM = 'lumen:forms/service-order';

/** Rows carry their service's current name and the client page of its records. */
const withServiceNames = (cat: ServiceCatalogue) => (s: so.ServiceOrderRow) => ({
  ...s,
  serviceName: cat.service(s.service)?.name ?? s.service,
  recordsPath: cat.service(s.service)?.recordsPath ?? null,
});

/** /api/service-orders: the copyright-service catalogue, buying a package, my service orders and quotas. */
export default async function serviceOrderRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  const providers = payProviders(app.config, app.db);

  /** Public: every service and package with its current price. */
  app.get('/catalogue', { schema: { response: envelopeOf(serviceCatalogueSchema) } }, async () => {
    const cat = await currentCatalogue(app.db);
    return ok({ services: cat.services, packages: cat.packages });
  });

  /** The server's price for a package (the buy dialog shows only this). */
  app.post(
    '/quote',
    { config: { formSchema: FORM }, schema: { response: envelopeOf(serviceQuoteSchema) } },
    async (req) => {
      const u = await req.requireUser();
      const form = (await validateRouteForm(req)) as ServiceOrderInput;
      return ok(await quoteServiceOrder(app.db, u, form));
    },
  );

  /** Places the order; the client then pays it at /pay?orderId= like any order. */
  app.post(
    '/',
    { config: { formSchema: FORM }, schema: { response: envelopeOf(serviceOrderCreatedSchema) } },
    async (req) => {
      const u = await req.requireUser();
      const form = (await validateRouteForm(req)) as ServiceOrderInput;
      return ok(await createServiceOrder(app.db, u, form), '订单已创建，请完成支付');
    },
  );

  app.get(
    '/list',
    { schema: { querystring: listQuerySchema(so.SERVICE_ORDER_LIST), response: envelopeOf(serviceOrderListSchema) } },
    async (req) => {
      const u = await req.requireUser();
      const r = await so.listServiceOrders(app.db, u.id, req.query);
      const named = withServiceNames(await currentCatalogue(app.db));
      return ok({ ...r, list: r.list.map(named) });
    },
  );

  /** Units left per service (all, or ?service=). */
  app.get(
    '/quota',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { service: { type: 'string', title: '服务', enum: SERVICE_CODES } },
          additionalProperties: false,
        },
        response: envelopeOf(serviceQuotaSchema),
      },
    },
    async (req) => {
      const u = await req.requireUser();
      return ok({ list: await so.quotaLeft(app.db, u.id, req.query.service) });
    },
  );

  app.get('/:id', { schema: { params: idParams, response: envelopeOf(serviceOrderDetailSchema) } }, async (req) => {
    const u = await req.requireUser();
    const s = await so.findServiceOrder(app.db, u.id, req.params.id);
    if (!s) throw new AppError(404, '服务订单不存在');
    return ok({ ...withServiceNames(await currentCatalogue(app.db))(s), uses: await so.quotaUsesOf(app.db, s.id) });
  });

  /** Staff: pays back the unused units of a paid order (lumen:forms/service-refund-unused); idempotent. */
  app.post(
    '/:id/refund-unused',
    {
      config: { formSchema: 'lumen:forms/service-refund-unused' },
      schema: { params: idParams, response: envelopeOf(refundSchema) },
    },
    async (req) => {
      const staff = await requireStaff(req);
      const form = await validateRouteForm(req);
      const refund = await refundUnused(app.db, providers, req.params.id, Number(staff.id), String(form.reason).trim());
      req.log.info(
        { refundId: refund.id, orderNo: refund.orderNo, amountCents: refund.amountCents, staffId: staff.id },
        'unused service quota refunded',
      );
      return ok(refund, '未使用额度已退款');
    },
  );
}
