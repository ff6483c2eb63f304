import type { FastifyInstance } from 'fastify';
import { smsGateway } from '../adapters/sms/index.js';
import { AppError } from '../http/envelope.js';
import { getSchema } from '../schemas/store.js';
import { consumeCode, issueCodeWithinLimits } from '../repositories/sms-codes.js';
import { hasPassword, revokeOtherSessions } from '../repositories/user-sessions.js';
import type { UserRow } from '../repositories/users.js';
import { checkPasswordLogin, MSG_BAD_CREDENTIALS } from './password-check.js';

/**
 * Changing the bound phone (/account/security): a code sent to the new phone proves it is the
 * user's; an account with a password must also give it (a stolen session alone cannot move the
 * account to another phone). Other sessions end, as after a password change.
 */
const FORM = 'lumen:forms/phone-change';
const MSG_TAKEN = '该手机号已绑定其他账号';
const MSG_SAME = '新手机号与当前绑定的手机号相同';

async function checkedPhone(app: FastifyInstance, user: UserRow, phone: unknown): Promise<string> {
  const prop = (
    (await getSchema(app, FORM)) as unknown as { properties: Record<string, { pattern: string; 'x-msg': string }> }
  ).properties.phone;
  if (typeof phone !== 'string' || !new RegExp(prop.pattern).test(phone))
    throw new AppError(400, prop['x-msg'], { fieldErrors: { '/phone': prop['x-msg'] } });
  if (phone === user.phone) throw new AppError(400, MSG_SAME, { fieldErrors: { '/phone': MSG_SAME } });
  const other = await app.db.query('SELECT 1 FROM users WHERE phone = $1 AND id <> $2', [phone, user.id]);
  if (other.rows.length) throw new AppError(409, MSG_TAKEN, { fieldErrors: { '/phone': MSG_TAKEN } });
  return phone;
}

export async function sendPhoneChangeCode(
  app: FastifyInstance,
  user: UserRow,
  phone: unknown,
  ip: string,
): Promise<void> {
  const to = await checkedPhone(app, user, phone);
  const code = await issueCodeWithinLimits(app.db, app.config.smsCodePepper, to, 'phone', ip);
  await smsGateway(app.db).send(
    to,
    `【流明素材】您正在更换绑定手机号，验证码为${code}，5分钟内有效。如非本人操作，请忽略本短信。`,
  );
}

/** Verifies the password (if any) and the code, moves the account to the new phone; answers how many other sessions ended. */
export async function changePhone(
  app: FastifyInstance,
  user: UserRow,
  form: { phone: string; code: string; currentPassword?: string },
  ip: string,
  keepSessionId: number | null,
): Promise<number> {
  const phone = await checkedPhone(app, user, form.phone);
  if (await hasPassword(app.db, Number(user.id))) {
    if (!form.currentPassword)
      throw new AppError(400, '请输入当前密码', { fieldErrors: { '/currentPassword': '请输入当前密码' } });
    try {
      await checkPasswordLogin(app.db, String(user.username ?? user.phone), form.currentPassword, ip);
    } catch (e) {
      if (e instanceof AppError && e.message === MSG_BAD_CREDENTIALS)
        throw new AppError(400, '当前密码不正确', { fieldErrors: { '/currentPassword': '当前密码不正确' } });
      throw e;
    }
  }
  await consumeCode(app.db, app.config.smsCodePepper, phone, 'phone', form.code);
  try {
    await app.db.query('UPDATE users SET phone = $2 WHERE id = $1', [user.id, phone]);
  } catch (e) {
    // Someone bound the phone between the check and now: the unique index decides.
    if ((e as { code?: string }).code === '23505' || /unique|duplicate/i.test(String((e as Error).message)))
      throw new AppError(409, MSG_TAKEN);
    throw e;
  }
  return revokeOtherSessions(app.db, Number(user.id), keepSessionId);
}
