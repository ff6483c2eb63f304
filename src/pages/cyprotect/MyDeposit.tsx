import { deposits } from '../../resources';
import { resourcePage } from '../../resources/views/ResourcePage';

/** /cyprotect/mydeposit — evidence deposits, generated from the deposits definition. */
export default resourcePage(deposits);
