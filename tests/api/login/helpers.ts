import type { FastifyInstance } from 'fastify';
import { signedBody } from '../../../src/schemas/login/sms-sign.js';
import { encodePassword, microTimestamp } from '../../../src/schemas/login/password-codec.js';

export const SECRET = 'lumen-sms-sign-secret';
let ipSeq = 1;
/** A fresh client address per call site, so per-IP limits of one test do not leak into another. */
export const freshIp = () => `10.0.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`;
export const randomPhone = () => `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

export function send(
  app: FastifyInstance,
  fields: Record<string, unknown>,
  opts: { ip?: string; bind?: boolean; now?: number; sign?: string } = {},
) {
  const body: Record<string, unknown> = signedBody({ registDevice: 'PC', ...fields }, SECRET, opts.now);
  if (opts.sign) body.sign = opts.sign;
  return app.inject({
    method: 'POST',
    url: `/api/common/${opts.bind ? 'sendUserSmsCodeBind' : 'sendUserSmsCode'}`,
    payload: body,
    remoteAddress: opts.ip ?? freshIp(),
  });
}

/** The latest code the sandbox gateway delivered to a phone. */
export async function lastCode(app: FastifyInstance, phone: string): Promise<string> {
  const r = await app.db.query<{ content: string }>(
    'SELECT content FROM sms_sandbox_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1',
    [phone],
  );
  const m = r.rows[0]?.content.match(/(\d{6})/);
  if (!m) throw new Error(`no SMS for ${phone}`);
  return m[1];
}

export function passwordLogin(
  app: FastifyInstance,
  username: string,
  password: string,
  opts: { ip?: string; ts?: string } = {},
) {
  const ts = opts.ts ?? microTimestamp();
  return app.inject({
    method: 'POST',
    url: '/api/common/userPasswordLogin',
    remoteAddress: opts.ip ?? freshIp(),
    payload: { username, ts, password: encodePassword(password, ts) },
  });
}

export const userInfo = (app: FastifyInstance, token: string) =>
  app.inject({ url: '/api/common/getUserInfo', headers: { authorization: token } });
