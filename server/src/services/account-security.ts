/**
 * Account security: password change (current password checked under the login lockout) and the
 * session list with server-side revocation.
 */
import type { Db } from '../db/index.js';
import { AppError } from '../http/envelope.js';
import { hashPassword } from '../security/password.js';
import type { UserRow } from '../repositories/users.js';
import { hasPassword, revokeOtherSessions, setPasswordHash } from '../repositories/user-sessions.js';
import { checkPasswordLogin, MSG_BAD_CREDENTIALS } from './password-check.js';

/**
 * Changes the password. An account that has one must give it; the check is the login's own (same
 * lockout counters), so this form cannot be used to guess around the lock. Other sessions end.
 */
export async function changePassword(
  db: Db,
  user: UserRow,
  form: { currentPassword?: string; newPassword: string },
  ip: string,
  keepSessionId: number | null,
): Promise<number> {
  if (await hasPassword(db, Number(user.id))) {
    if (!form.currentPassword)
      throw new AppError(400, '请输入当前密码', { fieldErrors: { '/currentPassword': '请输入当前密码' } });
    const login = user.username ?? user.phone;
    try {
      await checkPasswordLogin(db, String(login), form.currentPassword, ip);
    } catch (e) {
      if (e instanceof AppError && e.message === MSG_BAD_CREDENTIALS)
        throw new AppError(400, '当前密码不正确', { fieldErrors: { '/currentPassword': '当前密码不正确' } });
      throw e;
    }
    if (form.currentPassword === form.newPassword)
      throw new AppError(400, '新密码不能与当前密码相同', {
        fieldErrors: { '/newPassword': '新密码不能与当前密码相同' },
      });
  }
  await setPasswordHash(db, Number(user.id), await hashPassword(form.newPassword));
  return revokeOtherSessions(db, Number(user.id), keepSessionId);
}

/** A short Chinese name of a browser and system from its User-Agent, for the session list. */
export function deviceName(ua: string | null): string {
  // Address and browser are recorded on first use; a session not used since its login has neither.
  if (!ua) return '登录后尚未使用';
  const os = /iPhone|iPad/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  const browser = /MicroMessenger/.test(ua)
    ? '微信'
    : /Edg\//.test(ua)
      ? 'Edge'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Firefox\//.test(ua)
          ? 'Firefox'
          : /Safari\//.test(ua)
            ? 'Safari'
            : '';
  return [browser, os].filter(Boolean).join(' · ') || '其他设备';
}
