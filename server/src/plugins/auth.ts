import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { AppError, NOT_LOGGED_IN } from '../http/envelope.js';
import { findLiveSession, touchSession } from '../repositories/user-sessions.js';
import type { UserRow } from '../repositories/users.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user, resolved lazily from the token. */
    currentUser(): Promise<UserRow | null>;
    /** The logged-in user or a 401 envelope. */
    requireUser(): Promise<UserRow>;
    /** The raw token the request carried, if any. */
    authToken(): string | null;
    /** Public id of the request's session (after currentUser resolved it), for "this device" in session lists. */
    sessionId?: number;
  }
}

/**
 * Token from the Authorization header only (raw or Bearer). The token1 cookie is never read:
 * it is readable by scripts and sent on cross-site navigations, so accepting it would make every
 * cross-site form or link an authenticated request (CSRF). The client copies it into the header.
 */
function tokenOf(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  return h ? h.replace(/^Bearer\s+/i, '').trim() || null : null;
}

export default fp(async (app) => {
  app.decorateRequest('sessionId', undefined);
  app.decorateRequest('authToken', function (this: FastifyRequest) {
    return tokenOf(this);
  });
  app.decorateRequest('currentUser', async function (this: FastifyRequest & { _user?: UserRow | null }) {
    if (this._user !== undefined) return this._user;
    const token = tokenOf(this);
    const session = token ? await findLiveSession(app.db, token) : null;
    if (session) {
      this.sessionId = session.id;
      // Last-seen time for the session list, written at most once a minute per session.
      if (session.stale) await touchSession(app.db, session.id, this.ip, String(this.headers['user-agent'] ?? ''));
    }
    this._user = session?.user ?? null;
    return this._user;
  });
  app.decorateRequest('requireUser', async function (this: FastifyRequest) {
    const u = await this.currentUser();
    if (!u) throw new AppError(401, NOT_LOGGED_IN);
    return u;
  });
});
