import type { Queryable } from '../db/index.js';
import { col } from '../http/list-query.js';
import type { OwnedTable } from './owned-records.js';

export const invoiceTable: OwnedTable = {
  table: 'invoices',
  owner: 'user_id',
  // `orders`: the paid orders the request covers (kept after a cancel, which only releases them).
  select: `id, invoice_type, tax_rate, title, amount_cents, status, form, created_at, updated_at,
    (SELECT array_agg(io.order_id::int ORDER BY io.order_id) FROM invoice_orders io WHERE io.invoice_id = invoices.id) AS orders`,
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

/** The columns an invoice form sets (the whole form is kept in `form`); the amount comes from the orders. */
export function invoiceColumns(form: Record<string, any>) {
  return {
    invoice_type: form.invoiceType,
    tax_rate: form.taxRate,
    title: form.title,
    form: JSON.stringify(form),
  };
}

/** Which orders an invoice list or picker covers: all, licence orders, copyright-service orders, or image-package orders. */
export type InvoiceOrderKind = 'material' | 'service' | 'image' | undefined;

const IS_IMAGE_PACKAGE = `EXISTS (SELECT 1 FROM service_orders sp WHERE sp.order_id = o.id AND sp.service = 'image_download')`;
/** The constant SQL condition on order `o` for a kind (image packages are service orders of service image_download). */
function kindSql(kind: InvoiceOrderKind): string {
  if (kind === 'material') return `o.kind = 'material'`;
  if (kind === 'service') return `o.kind = 'service' AND NOT ${IS_IMAGE_PACKAGE}`;
  if (kind === 'image') return `o.kind = 'service' AND ${IS_IMAGE_PACKAGE}`;
  // Gift cards are prepaid value: invoiced when spent, not when bought.
  return `o.kind <> 'gift_card'`;
}

/**
 * What an order may be invoiced for: its paid amount less the unused copyright-service units paid
 * back (refunds of reason unused_quota), so an invoice never exceeds what the buyer kept paying.
 */
const INVOICEABLE_CENTS = `(o.amount_cents - COALESCE((SELECT sum(r.amount_cents) FROM refunds r WHERE r.order_id = o.id AND r.reason = 'unused_quota'), 0))::int`;

/** A user's paid orders not yet on an active invoice request, with what each may be invoiced for. */
export async function invoiceableOrders(db: Queryable, userId: number, kind?: InvoiceOrderKind) {
  const r = await db.query<{ id: number; orderNo: string; amountCents: number; paidAt: Date; itemTitles: string }>(
    `SELECT o.id, o.order_no AS "orderNo", ${INVOICEABLE_CENTS} AS "amountCents", o.paid_at AS "paidAt",
       COALESCE((SELECT string_agg(i.title, '、' ORDER BY i.id) FROM order_items i WHERE i.order_id = o.id),
                (SELECT s.title FROM service_orders s WHERE s.order_id = o.id)) AS "itemTitles"
     FROM orders o
     WHERE o.user_id = $1 AND o.status = 'paid' AND ${INVOICEABLE_CENTS} > 0 AND ${kindSql(kind)}
       AND NOT EXISTS (SELECT 1 FROM invoice_orders io WHERE io.order_id = o.id AND io.active)
     ORDER BY o.paid_at DESC, o.id DESC LIMIT 500`,
    [userId],
  );
  return r.rows.map((o) => ({ ...o, id: Number(o.id), amountCents: Number(o.amountCents) }));
}

/** Of the named orders, the user's paid ones with an amount, each with whether an active request holds it. */
export async function paidOrdersToInvoice(db: Queryable, userId: number, ids: number[], kind?: InvoiceOrderKind) {
  const r = await db.query<{ id: number; amountCents: number; invoiced: boolean }>(
    `SELECT o.id, ${INVOICEABLE_CENTS} AS "amountCents",
       EXISTS (SELECT 1 FROM invoice_orders io WHERE io.order_id = o.id AND io.active) AS invoiced
     FROM orders o WHERE o.user_id = $1 AND o.status = 'paid' AND ${INVOICEABLE_CENTS} > 0 AND o.id = ANY($2::bigint[])
       AND ${kindSql(kind)}`,
    [userId, ids],
  );
  return r.rows.map((o) => ({ id: Number(o.id), amountCents: Number(o.amountCents), invoiced: o.invoiced }));
}

/** Invoice requests covering copyright-service orders (/cyprotect/cyticket lists only these). */
export const serviceInvoiceTable: OwnedTable = {
  ...invoiceTable,
  scope: `EXISTS (SELECT 1 FROM invoice_orders io JOIN orders o ON o.id = io.order_id WHERE io.invoice_id = invoices.id AND ${kindSql('service')})`,
};

/** Invoice requests covering image-package orders (/account/imgticket lists only these). */
export const imageInvoiceTable: OwnedTable = {
  ...invoiceTable,
  scope: `EXISTS (SELECT 1 FROM invoice_orders io JOIN orders o ON o.id = io.order_id WHERE io.invoice_id = invoices.id AND ${kindSql('image')})`,
};

export async function insertInvoice(
  q: Queryable,
  userId: number,
  form: Record<string, any>,
  amountCents: number,
): Promise<number> {
  const c = invoiceColumns(form);
  const r = await q.query<{ id: number }>(
    'INSERT INTO invoices(user_id, invoice_type, tax_rate, title, amount_cents, form) VALUES ($1,$2,$3,$4,$5,$6) RETURNING id',
    [userId, c.invoice_type, c.tax_rate, c.title, amountCents, c.form],
  );
  return Number(r.rows[0].id);
}

/**
 * Links orders to an invoice, each only if no active invoice holds it (the partial unique index
 * invoice_orders_once decides between parallel requests). Returns how many were linked.
 */
export async function linkInvoiceOrders(
  q: Queryable,
  invoiceId: number,
  orders: Array<{ id: number; amountCents: number }>,
): Promise<number> {
  let linked = 0;
  for (const o of orders) {
    const r = await q.query(
      `INSERT INTO invoice_orders(invoice_id, order_id, amount_cents) VALUES ($1, $2, $3) ON CONFLICT (order_id) WHERE active DO NOTHING`,
      [invoiceId, o.id, o.amountCents],
    );
    linked += r.rowCount;
  }
  return linked;
}

/** Frees a cancelled request's orders for a new request (the links stay as its history). */
export async function releaseInvoiceOrders(q: Queryable, invoiceId: number): Promise<void> {
  await q.query('UPDATE invoice_orders SET active = false WHERE invoice_id = $1', [invoiceId]);
}
