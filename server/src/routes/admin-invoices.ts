import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance } from 'fastify';
import { AppError, ok } from '../http/envelope.js';
import { idParams } from '../http/route-schemas.js';
import { envelopeOf, fileAnswer } from '../http/envelope-schema.js';
import { staffInvoiceListSchema, staffInvoiceSchema } from '../../../src/schemas/api/admin-responses.js';
import { requireStaff } from '../plugins/staff.js';
import { validateRouteForm } from './form-validate.js';
import { contentDisposition } from '../http/content-disposition.js';
import { findInvoiceDetail, listInvoicesForStaff } from '../repositories/invoice-issue.js';
import { issueInvoice, issuedInvoicePdf, refuseInvoice } from '../services/invoice-issue.js';
import { statusLabel } from '../../../src/schemas/index.js';

const listQuery = {
  type: 'object',
  properties: {
    status: { type: 'integer', title: '开票状态', enum: [0, 1, 2, 3], default: 0 },
    page: { type: 'integer', title: '页码', minimum: 1, maximum: 10000, default: 1 },
    pageSize: { type: 'integer', title: '每页条数', minimum: 1, maximum: 100, default: 20 },
  },
  additionalProperties: false,
} as const;

/**
 * /api/admin/invoices (staff only): the invoice issuing queue. Issuing gives the invoice its number
 * and makes its PDF downloadable; refusing needs a reason and frees the orders. Both are in the
 * audit log and notify the requester. Statuses: lumen:status/invoice.
 */
export default async function adminInvoiceRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  app.get(
    '/list',
    { schema: { summary: '开票申请', querystring: listQuery, response: envelopeOf(staffInvoiceListSchema) } },
    async (req) => {
      await requireStaff(req);
      const q = req.query;
      return ok(await listInvoicesForStaff(app.db, q.status, q.page, q.pageSize));
    },
  );

  app.get(
    '/:id',
    { schema: { summary: '开票申请详情', params: idParams, response: envelopeOf(staffInvoiceSchema) } },
    async (req) => {
      await requireStaff(req);
      const d = await findInvoiceDetail(app.db, req.params.id);
      if (!d) throw new AppError(404, '开票申请不存在');
      const { form: _form, ...detail } = d;
      return ok(detail);
    },
  );

  app.post(
    '/:id/issue',
    { schema: { summary: '开票并生成发票号码', params: idParams, response: envelopeOf(staffInvoiceSchema) } },
    async (req) => {
      const staff = await requireStaff(req);
      const { form: _form, ...d } = await issueInvoice(app.db, req, staff, req.params.id);
      return ok(d, '发票已开具');
    },
  );

  app.post(
    '/:id/refuse',
    {
      config: { formSchema: 'lumen:forms/invoice-refuse' },
      schema: { summary: '驳回开票', params: idParams, response: envelopeOf(staffInvoiceSchema) },
    },
    async (req) => {
      const staff = await requireStaff(req);
      const form = await validateRouteForm(req);
      const { form: _form, ...d } = await refuseInvoice(app.db, req, staff, req.params.id, String(form.reason).trim());
      return ok(d, statusLabel('lumen:status/invoice', 3));
    },
  );

  app.get(
    '/:id/pdf',
    { schema: { params: idParams, response: fileAnswer('application/pdf', '电子发票 PDF') } },
    async (req, reply) => {
      await requireStaff(req);
      const { pdf, invoiceNo } = await issuedInvoicePdf(app.db, req.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(`电子发票-${invoiceNo}.pdf`))
        .send(Buffer.from(pdf));
    },
  );
}
