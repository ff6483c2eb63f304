import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/index.js';
import { AppError } from '../http/envelope.js';
import { invoicePdf } from '../documents/invoice-pdf.js';
import { findInvoiceDetail, markIssued, markRefused } from '../repositories/invoice-issue.js';
import { releaseInvoiceOrders } from '../repositories/invoices.js';
import { recordAudit } from './audit-log.js';
import { notify } from './notifications.js';

type Staff = { id: number | string; nickname?: string | null; username?: string | null };
const NOT_FOUND = '开票申请不存在';
const DECIDED: Record<number, string> = { 1: '该发票已开具', 2: '该申请已被用户取消', 3: '该申请已驳回' };

/**
 * The 20-digit number of a fully digitalised e-invoice: two digits of the year, the issuing
 * region (11, Beijing), then the invoice's own id, so a number is unique and never reused.
 */
export const invoiceNumber = (id: number, at = new Date()) =>
  `${String(at.getFullYear()).slice(-2)}11${String(id).padStart(16, '0')}`;

/** Staff issue a pending invoice: number and time are frozen on the row; audit-logged; the user is notified. */
export async function issueInvoice(db: Db, req: FastifyRequest | null, staff: Staff, id: number) {
  return db.tx(async (t) => {
    const before = await findInvoiceDetail(t, id, undefined, true);
    if (!before) throw new AppError(404, NOT_FOUND);
    if (DECIDED[before.status]) throw new AppError(409, DECIDED[before.status]);
    const invoiceNo = invoiceNumber(id);
    if (!(await markIssued(t, id, invoiceNo, Number(staff.id)))) throw new AppError(409, '该申请已处理');
    await recordAudit(t, req, staff, {
      action: 'invoice.issue',
      targetType: 'invoice',
      targetId: id,
      before: { status: before.status },
      after: { status: 1, invoiceNo },
      note: `用户 ${before.userId}：${before.title} ¥${(before.amountCents / 100).toFixed(2)}`,
    });
    await notify(t, before.userId, {
      kind: 'invoice',
      title: '发票已开具',
      body: `抬头「${before.title}」的电子发票（¥${(before.amountCents / 100).toFixed(2)}）已开具，发票号码 ${invoiceNo}，可在发票详情中下载。`,
      link: `/account/ticket/detail?id=${id}`,
      dedupeKey: `invoice:${id}`,
    });
    return (await findInvoiceDetail(t, id))!;
  });
}

/** Staff refuse a pending invoice with a reason; its orders are released for a new request. */
export async function refuseInvoice(db: Db, req: FastifyRequest | null, staff: Staff, id: number, reason: string) {
  return db.tx(async (t) => {
    const before = await findInvoiceDetail(t, id, undefined, true);
    if (!before) throw new AppError(404, NOT_FOUND);
    if (DECIDED[before.status]) throw new AppError(409, DECIDED[before.status]);
    if (!(await markRefused(t, id, reason, Number(staff.id)))) throw new AppError(409, '该申请已处理');
    await releaseInvoiceOrders(t, id);
    await recordAudit(t, req, staff, {
      action: 'invoice.refuse',
      targetType: 'invoice',
      targetId: id,
      before: { status: before.status },
      after: { status: 3, refuseReason: reason },
      note: `用户 ${before.userId}：${before.title}`,
    });
    await notify(t, before.userId, {
      kind: 'invoice',
      title: '开票申请未通过',
      body: `抬头「${before.title}」的开票申请被驳回，原因：${reason}。所选订单可重新申请开票。`,
      link: `/account/ticket/detail?id=${id}`,
      dedupeKey: `invoice:${id}`,
    });
    return (await findInvoiceDetail(t, id))!;
  });
}

/** The issued invoice's PDF (电子发票), drawn from the frozen row: the same invoice every time. */
export async function issuedInvoicePdf(
  db: Db,
  id: number,
  userId?: number,
): Promise<{ pdf: Uint8Array; invoiceNo: string }> {
  const d = await findInvoiceDetail(db, id, userId);
  if (!d) throw new AppError(404, NOT_FOUND);
  if (d.status !== 1 || !d.invoiceNo || !d.issuedAt) throw new AppError(409, '发票尚未开具，开具后才能下载');
  const f = d.form ?? {};
  const pdf = await invoicePdf({
    invoiceNo: d.invoiceNo,
    issuedAt: new Date(d.issuedAt),
    invoiceType: d.invoiceType === 2 ? 2 : 0,
    taxRate: d.taxRate,
    buyer: {
      name: d.title,
      taxId: f.taxId,
      address: f.address,
      phone: f.phone,
      bankName: f.bankName,
      bankAccount: f.bankAccount,
    },
    lines: d.lines.map((l) => ({ name: l.itemTitles ?? '素材授权', orderNo: l.orderNo, amountCents: l.amountCents })),
    remark: f.remark,
    issuer: '流明素材',
  });
  return { pdf, invoiceNo: d.invoiceNo };
}
