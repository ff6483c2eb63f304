import { registrations } from '../../resources';
import { registrationPage } from './RegistrationPage';

/** /cyprotect/myregister — copyright registrations: paid per application, progressed by the authority. */
export default registrationPage(registrations, 'registration', '著作权登记');
