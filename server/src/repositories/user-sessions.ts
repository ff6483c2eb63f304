import type { Queryable } from '../db/index.js';
import { hashToken } from './sessions.js';
import { USER_COLUMNS, type UserRow } from './users.js';

/** How often a session's last-seen time is written (a write per request would be wasted). */
const TOUCH_EVERY = "interval '1 minute'";

const USER_OF_SESSION = USER_COLUMNS.split(', ')
  .map((c) => `u.${c}`)
  .join(', ');

/**
 * A live session of a token with its user (one query: it runs on every authenticated request), its
 * public id, and whether its last-seen time is due for a write.
 */
export async function findLiveSession(
  db: Queryable,
  token: string,
): Promise<{ user: UserRow; id: number; stale: boolean } | null> {
  const r = await db.query<UserRow & { session_id: number; stale: boolean }>(
    `SELECT s.id AS session_id, (s.last_seen_at IS NULL OR s.last_seen_at < now() - ${TOUCH_EVERY}) AS stale, ${USER_OF_SESSION}
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
        -- A disabled or deleted company sub-account is signed out everywhere, also after a new login.
        AND NOT EXISTS (SELECT 1 FROM sub_accounts a WHERE a.user_id = s.user_id AND a.status <> 'active')`,
    [hashToken(token)],
  );
  const row = r.rows[0];
  if (!row) return null;
  const { session_id, stale, ...user } = row;
  return { user: { ...user, id: Number(user.id) }, id: Number(session_id), stale };
}

/** Records use of a session; the address and browser are those of its first use (the login). */
export async function touchSession(db: Queryable, id: number, ip: string, userAgent: string): Promise<void> {
  await db.query(
    `UPDATE sessions SET last_seen_at = now(), ip = COALESCE(ip, $2), user_agent = COALESCE(user_agent, $3) WHERE id = $1`,
    [id, ip, userAgent.slice(0, 300)],
  );
}

const COLUMNS = `id, created_at AS "createdAt", last_seen_at AS "lastSeenAt", ip, user_agent AS "userAgent", revoked_at AS "revokedAt", expires_at AS "expiresAt"`;

export interface SessionRow {
  id: number;
  createdAt: string;
  lastSeenAt: string | null;
  ip: string | null;
  userAgent: string | null;
  revokedAt: string | null;
  expiresAt: string;
}

export async function activeSessions(db: Queryable, userId: number): Promise<SessionRow[]> {
  const r = await db.query<SessionRow>(
    `SELECT ${COLUMNS} FROM sessions WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now() ORDER BY COALESCE(last_seen_at, created_at) DESC LIMIT 100`,
    [userId],
  );
  return r.rows;
}

/** Every login (session) of the user, newest first. */
export async function loginHistory(db: Queryable, userId: number, page: number, pageSize: number) {
  const total = Number(
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [userId])).rows[0].n,
  );
  const r = await db.query<SessionRow>(
    `SELECT ${COLUMNS} FROM sessions WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    [userId],
  );
  return { list: r.rows, total };
}

/** Revokes one of the user's own live sessions; false when it is not theirs or already ended. */
export async function revokeOwnSession(db: Queryable, userId: number, id: number): Promise<boolean> {
  const r = await db.query(
    'UPDATE sessions SET revoked_at = now() WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING id',
    [id, userId],
  );
  return r.rows.length > 0;
}

/** Revokes every live session of the user except `keepId` (the one making the request); answers how many. */
export async function revokeOtherSessions(db: Queryable, userId: number, keepId: number | null): Promise<number> {
  const r = await db.query(
    'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND ($2::bigint IS NULL OR id <> $2) RETURNING id',
    [userId, keepId],
  );
  return r.rows.length;
}

export async function setPasswordHash(db: Queryable, userId: number, hash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, hash]);
}

export async function hasPassword(db: Queryable, userId: number): Promise<boolean> {
  return !!(await db.query<{ h: string | null }>('SELECT password_hash AS h FROM users WHERE id = $1', [userId]))
    .rows[0]?.h;
}
