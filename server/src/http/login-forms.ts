import { AppError } from './envelope.js';
import { loginSchema, validateLoginForm, type LoginFormKind } from '../../../src/schemas/login/validation.js';
import type { DocumentedBody } from './openapi.js';

/** Validates a login-area body with the client's own schema file; failures are 400 with its x-msg. */
export function validated<T extends Record<string, unknown>>(kind: LoginFormKind, body: unknown): T {
  const data = (body && typeof body === 'object' ? { ...(body as object) } : {}) as Record<string, unknown>;
  const msg = validateLoginForm(kind, data);
  if (msg) throw new AppError(400, msg);
  return data as T;
}

/**
 * A login-area body as the API reference shows it (config.requestBody): validated() checks it in the
 * handler, with the login form's own messages in the spec's field order, which a route schema would not give.
 */
export const loginBody = (kind: LoginFormKind): DocumentedBody => ({
  mediaType: 'application/json',
  schema: loginSchema(kind),
  description: '按 lumen:forms/login 校验；提示语由规格固定，不能在线修改。',
});

/** Per-IP ceiling on the login endpoints, on top of the per-phone/per-username rules. */
export const LOGIN_ROUTE_LIMIT = { rateLimit: { max: 30, timeWindow: '1 minute' } };
