import type { FastifyInstance } from 'fastify';
import type { ContractTypes } from '../http/type-provider.js';
import { ok } from '../http/envelope.js';
import { registerResourceRoutes } from './resource-routes.js';
import type { OwnedTable } from '../repositories/owned-records.js';
import {
  invoiceColumns,
  invoiceTable,
  invoiceableOrders,
  releaseInvoiceOrders,
  type InvoiceOrderKind,
} from '../repositories/invoices.js';
import { requestInvoice } from '../services/invoicing.js';
import { AppError } from '../http/envelope.js';
import { idParams } from '../http/params.js';
import { contentDisposition } from '../http/content-disposition.js';
import { deleteInvoiceTitle, findInvoiceDetail, listInvoiceTitles } from '../repositories/invoice-issue.js';
import { issuedInvoicePdf } from '../services/invoice-issue.js';
import { envelopeOf, fileAnswer } from '../http/envelope-schema.js';
import { noData } from '../../../src/schemas/api/envelope.js';
import { invoiceDetailSchema } from '../../../src/schemas/api/invoice.js';
import {
  invoiceRecordSchema,
  invoiceTitleListSchema,
  invoiceableOrdersSchema,
} from '../../../src/schemas/api/invoice-responses.js';

/**
 * Invoice request routes over one view of the invoices table; status table lumen:status/invoice
 * (0 pending, 1 issued, 2 cancelled). `kind` limits the orders offered and accepted (service:
 * /api/user/service-invoice for /cyprotect/cyticket).
 */
export function invoiceRoutesFor(table: OwnedTable, kind?: InvoiceOrderKind) {
  return async function invoices(server: FastifyInstance) {
    const app = server.withTypeProvider<ContractTypes>();
    /** The requester's paid orders not yet invoiced: what the form's order picker offers. */
    app.get(
      '/orders',
      { schema: { summary: '可开票订单', response: envelopeOf(invoiceableOrdersSchema) } },
      async (req) => {
        const u = await req.requireUser();
        const list = await invoiceableOrders(app.db, Number(u.id), kind);
        return ok({ list, total: list.length, totalCents: list.reduce((s, o) => s + o.amountCents, 0) });
      },
    );

    /** Titles saved by earlier requests ("保存为常用发票抬头"), newest first. */
    app.get(
      '/titles',
      { schema: { summary: '常用发票抬头', response: envelopeOf(invoiceTitleListSchema) } },
      async (req) => {
        const u = await req.requireUser();
        return ok(await listInvoiceTitles(app.db, Number(u.id)));
      },
    );
    app.delete(
      '/titles/:id',
      { schema: { summary: '删除常用发票抬头', params: idParams, response: envelopeOf(noData) } },
      async (req) => {
        const u = await req.requireUser();
        if (!(await deleteInvoiceTitle(app.db, Number(u.id), req.params.id))) throw new AppError(404, '发票抬头不存在');
        return ok(null, '已删除');
      },
    );

    /** The detail page's view: the request, its orders, the amount split into net and tax, the issue or refusal. */
    app.get(
      '/:id/detail',
      { schema: { summary: '发票详情', params: idParams, response: envelopeOf(invoiceDetailSchema) } },
      async (req) => {
        const u = await req.requireUser();
        const d = await findInvoiceDetail(app.db, req.params.id, Number(u.id));
        if (!d) throw new AppError(404, '发票不存在');
        const { form: _form, ...detail } = d;
        return ok(detail);
      },
    );

    /** The issued invoice as a PDF (电子发票); only the owner, only once issued. */
    app.get(
      '/:id/pdf',
      { schema: { params: idParams, response: fileAnswer('application/pdf', '电子发票 PDF') } },
      async (req, reply) => {
        const u = await req.requireUser();
        const { pdf, invoiceNo } = await issuedInvoicePdf(app.db, req.params.id, Number(u.id));
        return reply
          .type('application/pdf')
          .header('content-disposition', contentDisposition(`电子发票-${invoiceNo}.pdf`))
          .send(Buffer.from(pdf));
      },
    );

    registerResourceRoutes(app, {
      table,
      schemaId: 'lumen:forms/invoice',
      record: invoiceRecordSchema,
      create: (db, user, form) => requestInvoice(db, Number(user.id), form, kind),
      // The orders (and so the amount) are fixed once requested; an edit changes the invoice details.
      update: { allowedStatus: [0], columns: (form) => invoiceColumns(form), refused: '发票已开具或已取消，不能修改' },
      transitions: { cancel: { from: [0], to: 2, refused: '该申请已处理，不能取消', after: releaseInvoiceOrders } },
    });
  };
}

/** /api/user/invoice — every invoice request of the account. */
export default invoiceRoutesFor(invoiceTable);
