import { registrationRoutes } from './registration-routes.js';

/** /api/protection/registration — copyright registrations (rules: lumen:rules/registration). */
export default registrationRoutes('copyright', 'lumen:forms/registration', 'registration');
