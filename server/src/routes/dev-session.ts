/**
 * Development-only sign-in for automated browser tests: username + password -> session token,
 * without the login dialog's SMS/QR steps. Not registered in production (the route answers 404).
 */
import type { FastifyInstance } from 'fastify';
import { AppError, ok } from '../lib/envelope.js';
import { verifyPassword } from '../lib/password.js';
import { createSession } from '../repositories/sessions.js';

export default async function devSessionRoutes(app: FastifyInstance) {
  if (app.config.env === 'production') return;
  app.post<{ Body: { username: string; password: string } }>(
    '/',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { body: { type: 'object', required: ['username', 'password'], properties: { username: { type: 'string', maxLength: 100 }, password: { type: 'string', maxLength: 100 } } } },
    },
    async (req) => {
      const r = await app.db.query<{ id: number; password_hash: string | null }>('SELECT id, password_hash FROM users WHERE username = $1', [req.body.username]);
      const user = r.rows[0];
      // Same answer for unknown users and wrong passwords: no account enumeration.
      if (!user || !(await verifyPassword(req.body.password, user.password_hash))) throw new AppError(400, '用户名或密码错误');
      return ok({ token: await createSession(app.db, Number(user.id)) });
    },
  );
}
