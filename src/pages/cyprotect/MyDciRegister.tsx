import { dciRegistrations } from '../../resources';
import { resourcePage } from '../../resources/views/ResourcePage';

/** /cyprotect/mydciregister — DCI registrations. */
export default resourcePage(dciRegistrations);
