/**
 * Development-only sign-in for automated browser tests: username + password -> session token,
 * without the login dialog's SMS/QR steps. Not registered in production (the route answers 404).
 * It checks the password through the same lockout as the login dialog: a locked account gets no
 * token here either, and guesses made here count towards the lock.
 */
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.js';
import { createSession } from '../repositories/sessions.js';
import { checkPasswordLogin } from '../services/password-check.js';
import { envelopeOf } from '../http/envelope-schema.js';
import { loginTokenSchema } from '../../../src/schemas/api/login-responses.js';

export default async function devSessionRoutes(app: FastifyInstance) {
  if (app.config.env === 'production') return;
  app.post<{ Body: { username: string; password: string } }>(
    '/',
    {
      // Guesses are bounded per account by the login lockout; this only slows one address. 60, not 10:
      // every browser-test journey signs in here from 127.0.0.1, one file right after another.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        body: {
          type: 'object',
          required: ['username', 'password'],
          properties: { username: { type: 'string', maxLength: 100 }, password: { type: 'string', maxLength: 100 } },
        },
        response: envelopeOf(loginTokenSchema),
      },
    },
    async (req) => {
      const user = await checkPasswordLogin(app.db, req.body.username, req.body.password, req.ip);
      return ok({ token: await createSession(app.db, user.id) });
    },
  );
}
