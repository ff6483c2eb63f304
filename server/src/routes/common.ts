import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.js';
import { publicUser } from '../repositories/users.js';
import { revokeSession } from '../repositories/sessions.js';
import commonSms from './common-sms.js';
import commonQr from './common-qr.js';
import commonPassword from './common-password.js';
import { envelopeOf } from '../http/envelope-schema.js';
import type { DocumentedBody } from '../http/openapi.js';
import { noData } from '../../../src/schemas/api/envelope.js';
import { userInfoSchema } from '../../../src/schemas/api/login-responses.js';
import { loginStatBody } from '../../../src/schemas/api/login-reports.js';

/** /api/common: login (QR, password, phone + SMS), bind, user info, logout (spec §7). */
export default async function common(app: FastifyInstance) {
  await app.register(commonSms);
  await app.register(commonQr);
  await app.register(commonPassword);

  app.get('/getUserInfo', { schema: { summary: '当前用户信息', response: envelopeOf(userInfoSchema) } }, async (req) =>
    ok(publicUser(await req.requireUser())),
  );

  // Server-side invalidation: the token stops working everywhere, not only in this browser.
  app.post('/logout', { schema: { summary: '退出登录', response: envelopeOf(noData) } }, async (req) => {
    const token = req.authToken();
    if (token) await revokeSession(app.db, token);
    return ok(null, '已退出登录');
  });

  // The login analytics action the client sends right after a successful login.
  const stat: DocumentedBody = {
    mediaType: 'application/json',
    schema: loginStatBody,
    description: '登录成功后由页面上报；不合要求的字段记为空，不会拒绝。',
  };
  app.post(
    '/loginStat',
    { config: { requestBody: stat }, schema: { summary: '登录统计', response: envelopeOf(noData) } },
    async (req) => {
      const user = await req.requireUser();
      const body = (req.body ?? {}) as Record<string, unknown>;
      const loginType = [0, 1, 2].includes(Number(body.loginType)) ? Number(body.loginType) : null;
      const url = typeof body.url === 'string' ? body.url.slice(0, 2000) : null;
      await app.db.query('INSERT INTO login_events(user_id, login_type, url) VALUES ($1, $2, $3)', [
        user.id,
        loginType,
        url,
      ]);
      return ok(null);
    },
  );
}
