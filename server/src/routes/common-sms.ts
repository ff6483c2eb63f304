import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok, AppError } from '../http/envelope.js';
import { loginBody, validated, LOGIN_ROUTE_LIMIT } from '../http/login-forms.js';
import { verifySignedBody } from '../security/sms-signature.js';
import { consumeCode, issueCodeWithinLimits, type SmsPurpose } from '../repositories/sms-codes.js';
import { smsGateway } from '../adapters/sms/index.js';
import { liveTicket } from '../adapters/wechat/index.js';
import { createSession } from '../repositories/sessions.js';
import { findUserIdBy, registerPhoneUser } from '../repositories/users.js';
import { envelopeOf } from '../http/envelope-schema.js';
import { noData } from '../../../src/schemas/api/envelope.js';
import { loginTokenSchema } from '../../../src/schemas/api/login-responses.js';

export const MSG_TICKET_INVALID = '二维码已失效，请刷新二维码';
const PURPOSE_TEXT: Record<SmsPurpose, string> = {
  login: '登录',
  bind: '绑定手机号',
  sign: '合同签署',
  phone: '更换手机号',
};

type SmsBody = { phone: string; ticket?: string };

/** Shared by both send endpoints: schema, signature + window + replay, rate limits, then the SMS. */
async function sendCode(app: FastifyInstance, req: FastifyRequest, purpose: SmsPurpose): Promise<void> {
  const body = validated<SmsBody>('smsSend', req.body);
  await verifySignedBody(app.db, app.config.smsSignSecret, body);
  if (purpose === 'bind') {
    const t = body.ticket ? await liveTicket(app.db, body.ticket) : null;
    if (!t || t.state !== 'scanned') throw new AppError(400, MSG_TICKET_INVALID);
  }
  const code = await issueCodeWithinLimits(app.db, app.config.smsCodePepper, body.phone, purpose, req.ip);
  await smsGateway(app.db).send(
    body.phone,
    `【流明素材】您的${PURPOSE_TEXT[purpose]}验证码为${code}，5分钟内有效。如非本人操作，请忽略本短信。`,
  );
}

/** Phone + SMS login (loginType 0) and the two send-code calls. */
export default async function commonSms(app: FastifyInstance) {
  app.post(
    '/sendUserSmsCode',
    {
      config: { ...LOGIN_ROUTE_LIMIT, requestBody: loginBody('smsSend') },
      schema: { summary: '发送登录验证码', response: envelopeOf(noData) },
    },
    async (req) => {
      await sendCode(app, req, 'login');
      return ok(null, '验证码已发送');
    },
  );

  app.post(
    '/sendUserSmsCodeBind',
    {
      config: { ...LOGIN_ROUTE_LIMIT, requestBody: loginBody('smsSend') },
      schema: { summary: '发送绑定验证码', response: envelopeOf(noData) },
    },
    async (req) => {
      await sendCode(app, req, 'bind');
      return ok(null, '验证码已发送');
    },
  );

  // Logs in by phone, registering the phone on first use with its invite/source details.
  app.post(
    '/userPhoneLoginReg',
    {
      config: { ...LOGIN_ROUTE_LIMIT, requestBody: loginBody('login') },
      schema: { summary: '手机号验证码登录或注册', response: envelopeOf(loginTokenSchema) },
    },
    async (req) => {
      const body = validated<{
        phone: string;
        verificationCode: string;
        registDevice?: string;
        inviteId?: string;
        inviteCode?: string;
        registSource?: string;
      }>('login', req.body);
      await consumeCode(app.db, app.config.smsCodePepper, body.phone, 'login', body.verificationCode);
      const existing = await findUserIdBy(app.db, 'phone', body.phone);
      const userId = existing?.id ?? (await registerPhoneUser(app.db, body));
      return ok({ token: await createSession(app.db, userId) }, '登录成功');
    },
  );
}
