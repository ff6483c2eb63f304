import { registrations } from '../../resources';
import { resourcePage } from '../../resources/views/ResourcePage';

/** /cyprotect/myregister — copyright registrations. */
export default resourcePage(registrations);
