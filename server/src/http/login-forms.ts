import { AppError } from './envelope.js';
import { validateLoginForm, type LoginFormKind } from '../../../src/schemas/login/validation.js';

/** Validates a login-area body with the client's own schema file; failures are 400 with its x-msg. */
export function validated<T extends Record<string, unknown>>(kind: LoginFormKind, body: unknown): T {
  const data = (body && typeof body === 'object' ? { ...(body as object) } : {}) as Record<string, unknown>;
  const msg = validateLoginForm(kind, data);
  if (msg) throw new AppError(400, msg);
  return data as T;
}

/** Per-IP ceiling on the login endpoints, on top of the per-phone/per-username rules. */
export const LOGIN_ROUTE_LIMIT = { rateLimit: { max: 30, timeWindow: '1 minute' } };
