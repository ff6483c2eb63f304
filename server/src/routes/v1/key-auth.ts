import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { hitWindow } from '../../repositories/usage-windows.js';
import { insertAuditEntry } from '../../repositories/audit-log.js';
import { apiError, authenticateKey, type KeyCaller } from '../../services/api-keys.js';
import { scopeLabel, type ApiKeyScope, type ApiErrorCode } from '../../../../src/schemas/api-keys/scopes.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The API-key scope a /api/v1 route requires (routes/v1/key-auth.ts); none: the route takes no key. */
    scope?: ApiKeyScope;
  }
  interface FastifyRequest {
    /** The API key and its account of a /api/v1 call, after key authentication. */
    apiCaller?: KeyCaller;
  }
}

/** The key-authenticated caller of a v1 route (its onRequest hook has resolved it). */
export function callerOf(req: FastifyRequest): KeyCaller {
  if (!req.apiCaller) throw apiError(401, 'key_missing');
  return req.apiCaller;
}

/** A v1 route's schema: its tag's security (bearer API key) and the scope it needs in its description. */
export function v1Schema<const S extends FastifySchema>(scope: ApiKeyScope, summary: string, schema: S) {
  return {
    ...schema,
    summary,
    description: `所需权限：\`${scope}\`（${scopeLabel(scope)}）`,
    security: [{ apiKey: [] }],
  };
}

/** The stable code of a failure without one, by its HTTP status. */
const CODE_OF_STATUS: Record<number, ApiErrorCode> = {
  400: 'invalid_request',
  401: 'key_invalid',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  422: 'invalid_request',
  429: 'rate_limited',
};

/**
 * Key authentication of /api/v1: before the body is read, the key is resolved from the database
 * (revocation and expiry hold at once everywhere), the source IP checked against its allow-list,
 * the route's scope required and the per-minute request limit counted in the shared window store.
 * Every call made with a key is written to the audit log with its answer's status.
 */
export function registerKeyAuth(app: FastifyInstance): void {
  app.decorateRequest('apiCaller', undefined);

  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const scope = req.routeOptions.config?.scope;
    if (!scope) return;
    const caller = await authenticateKey(app.db, req.headers.authorization, req.ip);
    req.apiCaller = caller;
    if (!caller.key.scopes.includes(scope))
      throw apiError(403, 'scope_missing', `该密钥没有「${scopeLabel(scope)}」权限（${scope}）`, { scope });
    const { hits, ttlMs } = await hitWindow(app.db, `apikey:rpm:${caller.key.id}`, 60_000);
    if (hits > caller.key.requestsPerMinute) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(ttlMs / 1000))));
      throw apiError(429, 'rate_limited', `请求过于频繁：该密钥每分钟最多 ${caller.key.requestsPerMinute} 次`, {
        retryAfter: Math.max(1, Math.ceil(ttlMs / 1000)),
      });
    }
  });

  // Failures carry a stable code; a 429 says when to come back.
  app.addHook('preSerialization', async (_req, reply, payload: unknown) => {
    const p = payload as { success?: boolean; code?: number; data?: unknown } | null;
    if (!p || typeof p !== 'object' || p.success !== false) return payload;
    const data = (p.data && typeof p.data === 'object' ? p.data : {}) as Record<string, unknown>;
    const retry = data.retryAfter;
    if (reply.statusCode === 429 && typeof retry === 'number') reply.header('retry-after', String(retry));
    if (data.error) return payload;
    return { ...p, data: { ...data, error: CODE_OF_STATUS[reply.statusCode] ?? 'server_error' } };
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const caller = req.apiCaller;
    if (!caller) return payload;
    const path = req.url.split('?')[0];
    await insertAuditEntry(app.db, {
      actorId: caller.user.id,
      action: 'api.call',
      targetType: 'api_key',
      targetId: caller.key.id,
      after: { method: req.method, path, status: reply.statusCode },
      note: `${req.method} ${path} → ${reply.statusCode}`,
      ip: req.ip,
    });
    return payload;
  });
}
