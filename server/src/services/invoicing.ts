import type { Db } from '../db/index.js';
import { AppError } from '../http/envelope.js';
import { saveInvoiceTitle } from '../repositories/invoice-issue.js';
import {
  insertInvoice,
  linkInvoiceOrders,
  paidOrdersToInvoice,
  type InvoiceOrderKind,
} from '../repositories/invoices.js';

const orderError = (status: number, msg: string) => new AppError(status, msg, { fieldErrors: { '/orders': msg } });
const INVOICED = '所选订单已开票或正在开票，请勿重复申请';

/**
 * An invoice request covers named paid orders of the requester, at exactly their paid amount: the
 * client names no amount. Each order is invoiced once; of parallel requests for one order exactly
 * one wins (the others roll back with 409). `kind` limits it to licence or copyright-service orders.
 */
export async function requestInvoice(
  db: Db,
  userId: number,
  form: Record<string, any>,
  kind?: InvoiceOrderKind,
): Promise<number> {
  const ids = (form.orders as number[]).map(Number);
  return db.tx(async (t) => {
    const orders = await paidOrdersToInvoice(t, userId, ids, kind);
    if (orders.length !== ids.length) throw orderError(400, '所选订单不存在或未支付，只能为本人已支付的订单申请发票');
    if (orders.some((o) => o.invoiced)) throw orderError(409, INVOICED);
    const amountCents = orders.reduce((s, o) => s + o.amountCents, 0);
    const id = await insertInvoice(t, userId, form, amountCents);
    // Checked again by the unique index: a parallel request may have linked an order meanwhile.
    if ((await linkInvoiceOrders(t, id, orders)) !== orders.length) throw orderError(409, INVOICED);
    if (form.saveTitle) await saveInvoiceTitle(t, userId, form);
    return id;
  });
}
