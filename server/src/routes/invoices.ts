import type { FastifyInstance } from 'fastify';
import { ok } from '../lib/envelope.js';
import { registerResourceRoutes } from '../lib/resource-routes.js';
import type { OwnedTable } from '../repositories/owned-records.js';
import { invoiceColumns, invoiceTable, invoiceableOrders, releaseInvoiceOrders, type InvoiceOrderKind } from '../repositories/invoices.js';
import { requestInvoice } from '../services/invoicing.js';

/**
 * Invoice request routes over one view of the invoices table; status table lumen:status/invoice
 * (0 pending, 1 issued, 2 cancelled). `kind` limits the orders offered and accepted (service:
 * /api/user/service-invoice for /cyprotect/cyticket).
 */
export function invoiceRoutesFor(table: OwnedTable, kind?: InvoiceOrderKind) {
  return async function invoices(app: FastifyInstance) {
    /** The requester's paid orders not yet invoiced: what the form's order picker offers. */
    app.get('/orders', async (req) => {
      const u = await req.requireUser();
      const list = await invoiceableOrders(app.db, Number(u.id), kind);
      return ok({ list, total: list.length, totalCents: list.reduce((s, o) => s + o.amountCents, 0) });
    });

    registerResourceRoutes(app, {
      table,
      schemaId: 'lumen:forms/invoice',
      create: (db, user, form) => requestInvoice(db, Number(user.id), form, kind),
      // The orders (and so the amount) are fixed once requested; an edit changes the invoice details.
      update: { allowedStatus: [0], columns: (form) => invoiceColumns(form), refused: '发票已开具或已取消，不能修改' },
      transitions: { cancel: { from: [0], to: 2, refused: '该申请已处理，不能取消', after: releaseInvoiceOrders } },
    });
  };
}

/** /api/user/invoice — every invoice request of the account. */
export default invoiceRoutesFor(invoiceTable);
