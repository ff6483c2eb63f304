import { serviceInvoices } from '../../resources';
import { resourcePage } from '../../resources/views/ResourcePage';

/** /cyprotect/cyticket — invoices of paid copyright-service orders (the invoice form, service orders only). */
export default resourcePage(serviceInvoices);
