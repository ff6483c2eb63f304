import { dciRegistrations } from '../../resources';
import { registrationPage } from './RegistrationPage';

/** /cyprotect/mydciregister — DCI registrations: paid per application, progressed by the authority. */
export default registrationPage(dciRegistrations, 'dci', 'DCI 登记');
