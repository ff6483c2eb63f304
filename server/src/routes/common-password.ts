import type { FastifyInstance } from 'fastify';
import { ok, AppError } from '../http/envelope.js';
import { loginBody, validated, LOGIN_ROUTE_LIMIT } from '../http/login-forms.js';
import { decodePassword } from '../../../src/schemas/login/password-codec.js';
import { createSession } from '../repositories/sessions.js';
import { MSG_SIGN_EXPIRED } from '../security/sms-signature.js';
import { checkPasswordLogin } from '../services/password-check.js';
import { envelopeOf } from '../http/envelope-schema.js';
import { loginTokenSchema } from '../../../src/schemas/api/login-responses.js';

export { MSG_BAD_CREDENTIALS } from '../services/password-check.js';
const TS_WINDOW_US = 5 * 60_000 * 1000;

/** Password login (loginType 1). Body: {username, ts, password = base64(password + ts)}. */
export default async function commonPassword(app: FastifyInstance) {
  app.post(
    '/userPasswordLogin',
    {
      config: { ...LOGIN_ROUTE_LIMIT, requestBody: loginBody('passwordLogin') },
      schema: { summary: '账号密码登录', response: envelopeOf(loginTokenSchema) },
    },
    async (req) => {
      const body = validated<{ username: string; password: string; ts: string }>('passwordLogin', req.body);
      if (Math.abs(Date.now() * 1000 - Number(body.ts)) > TS_WINDOW_US) throw new AppError(400, MSG_SIGN_EXPIRED);
      const user = await checkPasswordLogin(app.db, body.username, decodePassword(body.password, body.ts), req.ip);
      return ok({ token: await createSession(app.db, user.id) }, '登录成功');
    },
  );
}
