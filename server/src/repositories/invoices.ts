import type { Queryable } from '../db/index.js';
import { col } from '../lib/list-query.js';
import type { OwnedTable } from './owned-records.js';

export const invoiceTable: OwnedTable = {
  table: 'invoices',
  owner: 'user_id',
  select: 'id, invoice_type, tax_rate, title, amount_cents, status, form, created_at, updated_at',
  list: {
    columns: {
      id: col.bigint('id', '申请编号'),
      status: col.smallint('status', '状态'),
      invoice_type: col.smallint('invoice_type', '发票类型'),
      tax_rate: col.smallint('tax_rate', '税率'),
      title: col.text('title', '发票抬头'),
      amount_cents: col.bigint('amount_cents', '开票金额'),
      created_at: col.time('created_at', '申请时间'),
    },
    sortable: ['amount_cents', 'created_at'],
    defaultSort: { field: 'created_at', order: 'desc' },
  },
};

/** The columns an invoice form sets (the whole form is kept in `form`). */
export function invoiceColumns(form: Record<string, any>) {
  return {
    invoice_type: form.invoiceType,
    tax_rate: form.taxRate,
    title: form.title,
    amount_cents: Math.round(Number(form.amount) * 100),
    form: JSON.stringify(form),
  };
}

export async function insertInvoice(q: Queryable, userId: number, form: Record<string, any>): Promise<number> {
  const c = invoiceColumns(form);
  const r = await q.query<{ id: number }>(
    'INSERT INTO invoices(user_id, invoice_type, tax_rate, title, amount_cents, form) VALUES ($1,$2,$3,$4,$5,$6) RETURNING id',
    [userId, c.invoice_type, c.tax_rate, c.title, c.amount_cents, c.form],
  );
  return Number(r.rows[0].id);
}
