import type { ContractTypes } from '../http/type-provider.js';
import { bodyField } from '../http/json-body.js';
import type { FastifyInstance } from 'fastify';
import { AppError, ok } from '../http/envelope.js';
import { idParams } from '../http/route-schemas.js';
import { envelopeOf } from '../http/envelope-schema.js';
import type { DocumentedBody } from '../http/openapi.js';
import { bundledSchema } from '../../../src/schemas/index.js';
import { noData } from '../../../src/schemas/api/envelope.js';
import {
  loginHistorySchema,
  passwordChangedSchema,
  phoneChangedSchema,
  securityStateSchema,
  sessionListSchema,
  sessionsRevokedSchema,
} from '../../../src/schemas/api/account-security-responses.js';
import { validateRouteForm } from './form-validate.js';
import {
  activeSessions,
  hasPassword,
  loginHistory,
  revokeOtherSessions,
  revokeOwnSession,
  type SessionRow,
} from '../repositories/user-sessions.js';
import { changePassword, deviceName } from '../services/account-security.js';
import { changePhone, sendPhoneChangeCode } from '../services/phone-change.js';

/** Codes to a new phone: per account, besides the per-phone and per-address limits of every SMS code. */
const PHONE_CODE_LIMIT = {
  rateLimit: {
    max: 5,
    timeWindow: '1 hour',
    keyGenerator: (req: { headers: Record<string, unknown>; ip: string }) =>
      `phone-code:${String(req.headers.authorization ?? req.ip)}`,
  },
};

const PHONE_FORM = 'lumen:forms/phone-change';

/** The new phone a code goes to: checked in the handler with the phone rule of the form's current version. */
const PHONE_CODE_BODY: DocumentedBody = {
  mediaType: 'application/json',
  schema: { type: 'object', required: ['phone'], properties: { phone: bundledSchema(PHONE_FORM)?.properties.phone } },
  description: `新手机号按表单规则 ${PHONE_FORM} 的 phone 字段校验；运营可在后台修改规则。`,
};

const pageQuery = {
  type: 'object',
  properties: {
    page: { type: 'integer', title: '页码', minimum: 1, maximum: 10000, default: 1 },
    pageSize: { type: 'integer', title: '每页条数', minimum: 1, maximum: 100, default: 10 },
  },
  additionalProperties: false,
} as const;

const maskPhone = (p: string | null) => (p ? `${p.slice(0, 3)}****${p.slice(-4)}` : null);

/**
 * /api/user/security: the account's security state, password change, its sessions (devices) with
 * server-side revocation of one or all others, and its login history.
 */
export default async function accountSecurityRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  const view = (s: SessionRow, currentId?: number) => ({
    ...s,
    device: deviceName(s.userAgent),
    current: s.id === currentId,
  });

  app.get('/', { schema: { summary: '账号安全状态', response: envelopeOf(securityStateSchema) } }, async (req) => {
    const u = await req.requireUser();
    const wechat =
      (await app.db.query<{ b: boolean }>('SELECT wechat_openid IS NOT NULL AS b FROM users WHERE id = $1', [u.id]))
        .rows[0]?.b ?? false;
    return ok({
      phone: maskPhone(u.phone ?? null),
      hasPassword: await hasPassword(app.db, Number(u.id)),
      wechatBound: wechat,
    });
  });

  app.post(
    '/password',
    {
      config: { formSchema: 'lumen:forms/password-change' },
      schema: { summary: '修改密码', response: envelopeOf(passwordChangedSchema) },
    },
    async (req) => {
      const u = await req.requireUser();
      const form = await validateRouteForm(req);
      const ended = await changePassword(
        app.db,
        u,
        form as { currentPassword?: string; newPassword: string },
        req.ip,
        req.sessionId ?? null,
      );
      return ok({ endedSessions: ended }, ended ? `密码已修改，其他 ${ended} 处登录已退出` : '密码已修改');
    },
  );

  app.post(
    '/phone/code',
    {
      config: { ...PHONE_CODE_LIMIT, requestBody: PHONE_CODE_BODY },
      schema: { summary: '发送新手机号验证码', response: envelopeOf(noData) },
    },
    async (req) => {
      const u = await req.requireUser();
      await sendPhoneChangeCode(app, u, bodyField(req.body, 'phone'), req.ip);
      return ok(null, '验证码已发送');
    },
  );

  app.post(
    '/phone',
    {
      config: { formSchema: 'lumen:forms/phone-change' },
      schema: { summary: '更换手机号', response: envelopeOf(phoneChangedSchema) },
    },
    async (req) => {
      const u = await req.requireUser();
      const form = await validateRouteForm(req);
      const ended = await changePhone(
        app,
        u,
        form as { phone: string; code: string; currentPassword?: string },
        req.ip,
        req.sessionId ?? null,
      );
      return ok(
        { phone: maskPhone(form.phone), endedSessions: ended },
        ended ? `手机号已更换，其他 ${ended} 处登录已退出` : '手机号已更换',
      );
    },
  );

  app.get('/sessions', { schema: { summary: '在线设备', response: envelopeOf(sessionListSchema) } }, async (req) => {
    const u = await req.requireUser();
    return ok((await activeSessions(app.db, Number(u.id))).map((s) => view(s, req.sessionId)));
  });

  app.post(
    '/sessions/:id/revoke',
    { schema: { params: idParams, summary: '退出一台设备', response: envelopeOf(noData) } },
    async (req) => {
      const u = await req.requireUser();
      if (!(await revokeOwnSession(app.db, Number(u.id), req.params.id)))
        throw new AppError(404, '该登录不存在或已退出');
      return ok(null, '已退出该设备');
    },
  );

  /** Ends every other session; the one making the request stays signed in. */
  app.post(
    '/sessions/revoke-others',
    { schema: { summary: '退出其他设备', response: envelopeOf(sessionsRevokedSchema) } },
    async (req) => {
      const u = await req.requireUser();
      const n = await revokeOtherSessions(app.db, Number(u.id), req.sessionId ?? null);
      return ok({ revoked: n }, n ? `已退出其他 ${n} 处登录` : '没有其他设备登录');
    },
  );

  app.get(
    '/logins',
    { schema: { querystring: pageQuery, summary: '登录记录', response: envelopeOf(loginHistorySchema) } },
    async (req) => {
      const u = await req.requireUser();
      const q = req.query;
      const r = await loginHistory(app.db, Number(u.id), q.page, q.pageSize);
      return ok({ total: r.total, list: r.list.map((s) => view(s, req.sessionId)) });
    },
  );
}
