import { get, request } from '../../../dataProvider/axios';
import type { InvoiceDetail, InvoiceTitle } from '../../../schemas/api/invoice';

/** The requester's view of one invoice (its orders, net and tax, number once issued). */
export const fetchInvoiceDetail = (id: number | string, apiPath = 'user/invoice') =>
  get<InvoiceDetail>(`/api/${apiPath}/${id}/detail`);
/** Saved invoice titles, newest first. */
export const fetchInvoiceTitles = () => get<InvoiceTitle[]>('/api/user/invoice/titles');
export const deleteInvoiceTitle = (id: number) => request<null>('DELETE', `/api/user/invoice/titles/${id}`);

/** Staff: the issuing queue and its two decisions (/api/admin/invoices). */
export const listStaffInvoices = (status: number, page: number, pageSize: number) =>
  get<{ list: InvoiceDetail[]; total: number }>('/api/admin/invoices/list', { status, page, pageSize });
export const issueInvoice = (id: number) =>
  request<InvoiceDetail>('POST', `/api/admin/invoices/${id}/issue`, {}, { json: true });
export const refuseInvoice = (id: number, form: Record<string, any>) =>
  request<InvoiceDetail>('POST', `/api/admin/invoices/${id}/refuse`, form, { json: true });
