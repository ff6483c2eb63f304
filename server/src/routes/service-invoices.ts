import { serviceInvoiceTable } from '../repositories/invoices.js';
import { invoiceRoutesFor } from './invoices.js';

/** /api/user/service-invoice — invoices of paid copyright-service orders (/cyprotect/cyticket). */
export default invoiceRoutesFor(serviceInvoiceTable, 'service');
