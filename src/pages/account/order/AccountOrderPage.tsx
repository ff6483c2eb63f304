import { orders } from '../../../resources/orders';
import { resourcePage } from '../../../resources/views/ResourcePage';

/** /account/order — my orders, a generated list/show view. */
export default resourcePage(orders);
