import type { Queryable } from '../db/index.js';
import { AppError } from '../lib/envelope.js';

/**
 * Password back-off: after 5 failures for a username (20 for an IP) within 15 minutes, the key is
 * locked for 15 minutes; every further failure re-locks it. A success clears the username's count.
 */
export const USER_MAX_FAILURES = 5;
export const IP_MAX_FAILURES = 20;
export const FAILURE_WINDOW_MIN = 15;
export const LOCK_MINUTES = 15;
export const MSG_LOCKED = `登录失败次数过多，请${LOCK_MINUTES}分钟后再试`;

export const userKey = (username: string) => `u:${username.trim().toLowerCase()}`;
export const ipKey = (ip: string) => `ip:${ip}`;

export async function assertNotLocked(db: Queryable, keys: string[]): Promise<void> {
  const r = await db.query('SELECT 1 FROM login_failures WHERE key = ANY($1) AND locked_until > now()', [keys]);
  if (r.rows.length) throw new AppError(429, MSG_LOCKED);
}

export async function recordFailure(db: Queryable, key: string, max: number): Promise<void> {
  // Counts restart when the last failure is older than the window.
  await db.query(
    `INSERT INTO login_failures(key, failures, updated_at) VALUES ($1, 1, now())
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN login_failures.updated_at < now() - make_interval(mins => $2) THEN 1 ELSE login_failures.failures + 1 END,
       updated_at = now()`,
    [key, FAILURE_WINDOW_MIN],
  );
  await db.query('UPDATE login_failures SET locked_until = now() + make_interval(mins => $3) WHERE key = $1 AND failures >= $2', [key, max, LOCK_MINUTES]);
}

export async function clearFailures(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE key = $1', [key]);
}
