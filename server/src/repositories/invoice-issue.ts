import type { Queryable } from '../db/index.js';
import type { InvoiceDetail, InvoiceLine, InvoiceTitle } from '../../../src/schemas/api/invoice.js';
import { splitTax } from '../documents/invoice-pdf.js';

const COLUMNS = `i.id, i.user_id AS "userId", COALESCE(u.nickname, u.username, u.phone) AS "userName", i.status,
  i.invoice_type AS "invoiceType", i.tax_rate AS "taxRate", i.title, i.form->>'taxId' AS "taxId", i.form->>'email' AS email,
  i.form->>'remark' AS remark, i.amount_cents AS "amountCents", i.invoice_no AS "invoiceNo", i.issued_at AS "issuedAt",
  i.refuse_reason AS "refuseReason", i.created_at AS "createdAt", i.form`;
const FROM = 'invoices i JOIN users u ON u.id = i.user_id';

type Row = Omit<InvoiceDetail, 'lines' | 'netCents' | 'taxCents'> & { form: Record<string, any> };

/** The orders an invoice covers, with what each was invoiced for. */
export async function invoiceLines(q: Queryable, invoiceId: number): Promise<InvoiceLine[]> {
  const r = await q.query<InvoiceLine>(
    `SELECT o.id AS "orderId", o.order_no AS "orderNo", io.amount_cents AS "amountCents",
       COALESCE((SELECT string_agg(it.title, '、' ORDER BY it.id) FROM order_items it WHERE it.order_id = o.id),
                (SELECT s.title FROM service_orders s WHERE s.order_id = o.id)) AS "itemTitles"
     FROM invoice_orders io JOIN orders o ON o.id = io.order_id WHERE io.invoice_id = $1 ORDER BY o.id`,
    [invoiceId],
  );
  return r.rows.map((l) => ({ ...l, orderId: Number(l.orderId), amountCents: Number(l.amountCents) }));
}

async function withLines(
  q: Queryable,
  row: Row | undefined,
): Promise<(InvoiceDetail & { form: Record<string, any> }) | null> {
  if (!row) return null;
  const amountCents = Number(row.amountCents);
  return {
    ...row,
    id: Number(row.id),
    userId: Number(row.userId),
    amountCents,
    ...splitTax(amountCents, row.taxRate),
    lines: await invoiceLines(q, Number(row.id)),
  };
}

/** One invoice with its orders; `userId` limits it to its owner (another user's is not found). */
export async function findInvoiceDetail(q: Queryable, id: number, userId?: number, lock = false) {
  const r = await q.query<Row>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE i.id = $1 AND ($2::bigint IS NULL OR i.user_id = $2)${lock ? ' FOR UPDATE OF i' : ''}`,
    [id, userId ?? null],
  );
  return withLines(q, r.rows[0]);
}

/** Staff queue: one status; pending oldest first, decided newest first. */
export async function listInvoicesForStaff(q: Queryable, status: number, page: number, pageSize: number) {
  const order = status === 0 ? 'i.created_at ASC, i.id ASC' : 'i.updated_at DESC, i.id DESC';
  const [list, total] = await Promise.all([
    q.query<Row>(`SELECT ${COLUMNS} FROM ${FROM} WHERE i.status = $1 ORDER BY ${order} LIMIT $2 OFFSET $3`, [
      status,
      pageSize,
      (page - 1) * pageSize,
    ]),
    q.query<{ n: number }>('SELECT count(*)::int AS n FROM invoices WHERE status = $1', [status]),
  ]);
  const rows = await Promise.all(list.rows.map((r) => withLines(q, r)));
  return {
    list: rows.map((r) => {
      const { form: _form, ...rest } = r!;
      return rest;
    }),
    total: total.rows[0].n,
  };
}

/** Pending -> issued with its number; false when it was no longer pending. */
export async function markIssued(q: Queryable, id: number, invoiceNo: string, staffId: number): Promise<boolean> {
  const r = await q.query(
    `UPDATE invoices SET status = 1, invoice_no = $2, issued_at = now(), decided_by = $3, updated_at = now() WHERE id = $1 AND status = 0`,
    [id, invoiceNo, staffId],
  );
  return r.rowCount === 1;
}

/** Pending -> refused with the reason; false when it was no longer pending. */
export async function markRefused(q: Queryable, id: number, reason: string, staffId: number): Promise<boolean> {
  const r = await q.query(
    `UPDATE invoices SET status = 3, refuse_reason = $2, decided_by = $3, updated_at = now() WHERE id = $1 AND status = 0`,
    [id, reason, staffId],
  );
  return r.rowCount === 1;
}

const TITLE_COLUMNS = `id, title, tax_id AS "taxId", bank_name AS "bankName", bank_account AS "bankAccount", address, phone`;

/** Saves (or refreshes) a title the requester used, keyed by its name. */
export async function saveInvoiceTitle(q: Queryable, userId: number, form: Record<string, any>): Promise<void> {
  await q.query(
    `INSERT INTO invoice_titles(user_id, title, tax_id, bank_name, bank_account, address, phone) VALUES ($1,$2,$3,$4,$5,$6,$7)
     ON CONFLICT (user_id, title) DO UPDATE SET tax_id = EXCLUDED.tax_id, bank_name = EXCLUDED.bank_name, bank_account = EXCLUDED.bank_account,
       address = EXCLUDED.address, phone = EXCLUDED.phone, updated_at = now()`,
    [
      userId,
      String(form.title).trim(),
      form.taxId ?? null,
      form.bankName ?? null,
      form.bankAccount ?? null,
      form.address ?? null,
      form.phone ?? null,
    ],
  );
}

export async function listInvoiceTitles(q: Queryable, userId: number): Promise<InvoiceTitle[]> {
  const r = await q.query<InvoiceTitle>(
    `SELECT ${TITLE_COLUMNS} FROM invoice_titles WHERE user_id = $1 ORDER BY updated_at DESC, id DESC LIMIT 50`,
    [userId],
  );
  return r.rows.map((t) => ({ ...t, id: Number(t.id) }));
}

export async function deleteInvoiceTitle(q: Queryable, userId: number, id: number): Promise<boolean> {
  return (await q.query('DELETE FROM invoice_titles WHERE id = $1 AND user_id = $2', [id, userId])).rowCount === 1;
}
