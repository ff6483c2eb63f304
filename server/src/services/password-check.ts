import type { Db } from '../db/index.js';
import { AppError } from '../http/envelope.js';
import { hashPassword, verifyPassword } from '../security/password.js';
import { findUserForPassword, type UserRow } from '../repositories/users.js';
import {
  accountKey,
  admitGuess,
  clearFailures,
  ipKey,
  IP_MAX_FAILURES,
  releaseGuess,
  userKey,
  USER_MAX_FAILURES,
} from '../repositories/login-failures.js';

/** One message for unknown users and wrong passwords, so the answer never reveals which accounts exist. */
export const MSG_BAD_CREDENTIALS = '用户名或密码错误';
/** Longest password that is hashed at all (scrypt cost grows with the input). */
const MAX_PASSWORD_LENGTH = 100;

// Unknown usernames still pay for one scrypt, so timing does not reveal them either.
let dummyHash: Promise<string> | null = null;
const dummy = () => (dummyHash ??= hashPassword('lumen-no-such-user'));

/**
 * Checks a login name (username or phone) and password under the per-account and per-IP lockout.
 * Every path that accepts a password goes through here (the login dialog and the sandbox
 * /dev/session), so no route can be used to guess around the lock. The guess is admitted (counted)
 * before scrypt runs; the slow hash never runs inside the transaction that holds the counters.
 * Throws 429 while locked, 400 with one message for every failure.
 */
export async function checkPasswordLogin(db: Db, login: string, plain: string | null, ip: string): Promise<UserRow> {
  const user = await findUserForPassword(db, login.trim());
  const account = { key: user ? accountKey(user.id) : userKey(login), max: USER_MAX_FAILURES };
  const address = { key: ipKey(ip), max: IP_MAX_FAILURES };
  await admitGuess(db, [account, address]);
  const usable = plain !== null && plain.length <= MAX_PASSWORD_LENGTH;
  const good = usable && (await verifyPassword(plain, user?.password_hash || (await dummy()))) && !!user?.password_hash;
  if (!good || !user) throw new AppError(400, MSG_BAD_CREDENTIALS);
  await clearFailures(db, account.key);
  await releaseGuess(db, address);
  const { password_hash: _hash, ...row } = user;
  return row;
}
