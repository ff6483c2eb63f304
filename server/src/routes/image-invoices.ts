import { imageInvoiceTable } from '../repositories/invoices.js';
import { invoiceRoutesFor } from './invoices.js';

/** /api/user/image-invoice — invoices of paid image download package orders (/account/imgticket). */
export default invoiceRoutesFor(imageInvoiceTable, 'image');
