import type { FastifyInstance } from 'fastify';
import { registerResourceRoutes } from '../lib/resource-routes.js';
import { insertInvoice, invoiceColumns, invoiceTable } from '../repositories/invoices.js';

/** /api/user/invoice — invoice requests; status table lumen:status/invoice (0 pending, 1 issued, 2 cancelled). */
export default async function invoices(app: FastifyInstance) {
  registerResourceRoutes(app, {
    table: invoiceTable,
    schemaId: 'lumen:forms/invoice',
    create: (q, user, form) => insertInvoice(q, Number(user.id), form),
    update: { allowedStatus: [0], columns: (form) => invoiceColumns(form), refused: '发票已开具或已取消，不能修改' },
    transitions: { cancel: { from: [0], to: 2, refused: '该申请已处理，不能取消' } },
  });
}
