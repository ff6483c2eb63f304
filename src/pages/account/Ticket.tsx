import { invoices } from '../../resources';
import { resourcePage } from '../../resources/views/ResourcePage';

/** /account/ticket — invoice requests. */
export default resourcePage(invoices);
