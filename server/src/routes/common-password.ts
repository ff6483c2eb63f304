import type { FastifyInstance } from 'fastify';
import { ok, AppError } from '../lib/envelope.js';
import { validated, LOGIN_ROUTE_LIMIT } from '../lib/login-forms.js';
import { hashPassword, verifyPassword } from '../lib/password.js';
import { decodePassword } from '../../../src/components/login/password-codec.js';
import { assertNotLocked, clearFailures, ipKey, IP_MAX_FAILURES, recordFailure, userKey, USER_MAX_FAILURES } from '../repositories/login-failures.js';
import { findUserForPassword } from '../repositories/users.js';
import { createSession } from '../repositories/sessions.js';
import { MSG_SIGN_EXPIRED } from '../lib/sms-signature.js';

/** One message for unknown users and wrong passwords, so the answer never reveals which accounts exist. */
export const MSG_BAD_CREDENTIALS = '用户名或密码错误';
const TS_WINDOW_US = 5 * 60_000 * 1000;

// Unknown usernames still pay for one scrypt, so timing does not reveal them either.
let dummyHash: Promise<string> | null = null;
const dummy = () => (dummyHash ??= hashPassword('lumen-no-such-user'));

/** Password login (loginType 1). Body: {username, ts, password = base64(password + ts)}. */
export default async function commonPassword(app: FastifyInstance) {
  app.post('/userPasswordLogin', { config: LOGIN_ROUTE_LIMIT }, async (req) => {
    const body = validated<{ username: string; password: string; ts: string }>('passwordLogin', req.body);
    if (Math.abs(Date.now() * 1000 - Number(body.ts)) > TS_WINDOW_US) throw new AppError(400, MSG_SIGN_EXPIRED);
    const keys = [userKey(body.username), ipKey(req.ip)];
    await assertNotLocked(app.db, keys);
    const plain = decodePassword(body.password, body.ts);
    const user = await findUserForPassword(app.db, body.username.trim());
    const good = plain !== null && plain.length <= 100 && (await verifyPassword(plain, user?.password_hash || (await dummy()))) && !!user?.password_hash;
    if (!good || !user) {
      await recordFailure(app.db, keys[0], USER_MAX_FAILURES);
      await recordFailure(app.db, keys[1], IP_MAX_FAILURES);
      throw new AppError(400, MSG_BAD_CREDENTIALS);
    }
    await clearFailures(app.db, keys[0]);
    return ok({ token: await createSession(app.db, user.id) }, '登录成功');
  });
}
