import type { Db, Queryable } from '../db/index.js';
import { AppError } from '../http/envelope.js';

/**
 * Password back-off: after 5 failures for an account (20 for an IP) within 15 minutes, the key is
 * locked for 15 minutes; a failure after the lock has passed, still inside the window, re-locks it.
 * A success clears the account's count and gives the IP back the slot it took.
 */
export const USER_MAX_FAILURES = 5;
export const IP_MAX_FAILURES = 20;
export const FAILURE_WINDOW_MIN = 15;
export const LOCK_MINUTES = 15;
export const MSG_LOCKED = `登录失败次数过多，请${LOCK_MINUTES}分钟后再试`;

/** Key of a login string that names no account (counted all the same, so answers do not reveal that). */
export const userKey = (login: string) => `u:${login.trim().toLowerCase()}`;
/** Key of an existing account: its username and its phone share one count. */
export const accountKey = (userId: number) => `a:${userId}`;
export const ipKey = (ip: string) => `ip:${ip}`;

export interface FailureLimit {
  key: string;
  max: number;
}

/**
 * Counts one guess against the key and decides the lock in the same statement, before the guess
 * is checked: the row lock of the upsert makes parallel guesses take their turn, so at most `max`
 * of them are ever admitted. Returns false (nothing counted) while the key is locked.
 */
async function admitOne(q: Queryable, { key, max }: FailureLimit): Promise<boolean> {
  const r = await q.query(
    `INSERT INTO login_failures AS f (key, failures, locked_until, updated_at)
     VALUES ($1, 1, CASE WHEN $2::int <= 1 THEN now() + make_interval(mins => $4::int) END, now())
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN f.updated_at < now() - make_interval(mins => $3::int) THEN 1 ELSE f.failures + 1 END,
       locked_until = CASE WHEN (CASE WHEN f.updated_at < now() - make_interval(mins => $3::int) THEN 1 ELSE f.failures + 1 END) >= $2::int
                           THEN now() + make_interval(mins => $4::int) END,
       updated_at = now()
     WHERE f.locked_until IS NULL OR f.locked_until <= now()
     RETURNING failures`,
    [key, max, FAILURE_WINDOW_MIN, LOCK_MINUTES],
  );
  return r.rows.length === 1;
}

/**
 * Admits one password guess against every limit (account, IP) in one transaction, or none:
 * when any key is locked the transaction rolls back, so a refused guess counts nowhere, and
 * answers 429. Keys are always taken account first, then IP, so two guesses never wait on
 * each other in a cycle.
 */
export async function admitGuess(db: Db, limits: FailureLimit[]): Promise<void> {
  await db.tx(async (q) => {
    for (const limit of limits) {
      if (!(await admitOne(q, limit))) throw new AppError(429, MSG_LOCKED);
    }
  });
}

/** After a right password: the account's count is cleared. */
export async function clearFailures(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE key = $1', [key]);
}

/**
 * After a right password: the guess admitted against a shared key (the IP) was not a failure, so
 * its slot is given back, and a lock that this very guess had set is lifted again.
 */
export async function releaseGuess(db: Queryable, { key, max }: FailureLimit): Promise<void> {
  await db.query(
    `UPDATE login_failures SET failures = failures - 1,
       locked_until = CASE WHEN failures - 1 >= $2::int THEN locked_until END
     WHERE key = $1 AND failures > 0`,
    [key, max],
  );
}
