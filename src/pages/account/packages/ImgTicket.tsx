import { imageInvoices } from '../../../resources';
import { resourcePage } from '../../../resources/views/ResourcePage';

/** /account/imgticket — invoices of paid image download package orders. */
export default resourcePage(imageInvoices);
