import { registrationRoutes } from './registration-routes.js';

/** /api/protection/dci — DCI registrations (rules: lumen:rules/dci). */
export default registrationRoutes('dci', 'lumen:forms/dci-registration', 'dci');
