import type { FastifyInstance } from 'fastify';
import { bodyField } from '../http/json-body.js';
import { ok, AppError } from '../http/envelope.js';
import { loginBody, validated, LOGIN_ROUTE_LIMIT } from '../http/login-forms.js';
import { loginSchema } from '../../../src/schemas/login/validation.js';
import { consumeCode } from '../repositories/sms-codes.js';
import { consumeTicket, issueTicket, liveTicket, SandboxWechatProvider } from '../adapters/wechat/index.js';
import { createSession } from '../repositories/sessions.js';
import { findUserIdBy, linkWechat, registerPhoneUser } from '../repositories/users.js';
import { MSG_TICKET_INVALID } from './common-sms.js';
import { envelopeOf } from '../http/envelope-schema.js';
import type { DocumentedBody } from '../http/openapi.js';
import { checkLoginSchema, loginTokenSchema, qrCodeSchema } from '../../../src/schemas/api/login-responses.js';

export const MSG_TICKET_EXPIRED = '二维码已过期，请刷新二维码';

/** The poll's one field, read leniently: whatever is not a live ticket answers MSG_TICKET_EXPIRED. */
const POLL_BODY: DocumentedBody = {
  mediaType: 'application/json',
  schema: { type: 'object', required: ['ticket'], properties: { ticket: loginSchema('ticket') } },
  description: '登录二维码的 ticket（GET /api/common/getQrCode 的答复）；无效或过期时答复“二维码已过期”。',
};

/** WeChat QR login (loginType 2): ticket issue, polling, and binding a phone to a new identity. */
export default async function commonQr(app: FastifyInstance) {
  const provider = new SandboxWechatProvider(app.config.publicUrl);

  app.get(
    '/getQrCode',
    { config: LOGIN_ROUTE_LIMIT, schema: { summary: '获取登录二维码', response: envelopeOf(qrCodeSchema) } },
    async () => {
      const { ticket, url, expiresAt } = await issueTicket(app.db, provider);
      return ok({ ticket, url, expiresAt: expiresAt.toISOString() });
    },
  );

  // Poll answer: {token} once a linked identity scanned, {needBind: true} for a new identity, else neither.
  app.post(
    '/checkLogin',
    {
      config: { requestBody: POLL_BODY },
      schema: { summary: '查询扫码登录状态', response: envelopeOf(checkLoginSchema) },
    },
    async (req) => {
      const ticket = String(bodyField(req.body, 'ticket') ?? '');
      const t = ticket ? await liveTicket(app.db, ticket) : null;
      if (!t) throw new AppError(400, MSG_TICKET_EXPIRED);
      if (t.state === 'pending' || !t.openid) return ok({ token: null, needBind: false });
      const user = await findUserIdBy(app.db, 'wechat_openid', t.openid);
      if (!user) return ok({ token: null, needBind: true });
      if (!(await consumeTicket(app.db, ticket))) throw new AppError(400, MSG_TICKET_EXPIRED);
      return ok({ token: await createSession(app.db, user.id), needBind: false }, '登录成功');
    },
  );

  // Bind: the SMS code proves the phone; the phone's account (or a new one) gets the WeChat identity.
  app.post(
    '/phone',
    {
      config: { ...LOGIN_ROUTE_LIMIT, requestBody: loginBody('bind') },
      schema: { summary: '扫码后绑定手机号', response: envelopeOf(loginTokenSchema) },
    },
    async (req) => {
      const body = validated<{
        phone: string;
        verificationCode: string;
        ticket: string;
        registDevice?: string;
        inviteId?: string;
        inviteCode?: string;
        registSource?: string;
      }>('bind', req.body);
      const t = await liveTicket(app.db, body.ticket);
      if (!t || t.state !== 'scanned' || !t.openid) throw new AppError(400, MSG_TICKET_INVALID);
      await consumeCode(app.db, app.config.smsCodePepper, body.phone, 'bind', body.verificationCode);
      const byOpenid = await findUserIdBy(app.db, 'wechat_openid', t.openid);
      const byPhone = await findUserIdBy(app.db, 'phone', body.phone);
      if (byOpenid && byOpenid.id !== byPhone?.id) throw new AppError(400, '该微信已绑定其他手机号');
      let userId: number;
      if (byPhone) {
        if (!(await linkWechat(app.db, byPhone.id, t.openid))) throw new AppError(400, '该手机号已绑定其他微信账号');
        userId = byPhone.id;
      } else {
        userId = await registerPhoneUser(app.db, { ...body, wechatOpenid: t.openid, nickname: t.nickname });
      }
      if (!(await consumeTicket(app.db, body.ticket))) throw new AppError(400, MSG_TICKET_INVALID);
      return ok({ token: await createSession(app.db, userId) }, '绑定成功');
    },
  );
}
