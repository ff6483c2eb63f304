import crypto from 'node:crypto';
import type { Queryable } from '../db/index.js';

/** Matches the spec's token cookie lifetime (15768000000 ms, about six months). */
export const SESSION_TTL_MS = 15_768_000_000;

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** Issues a fresh random token (a new one on every login) and stores only its hash. */
export async function createSession(db: Queryable, userId: number): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.query('INSERT INTO sessions(token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [
    hashToken(token),
    userId,
    new Date(Date.now() + SESSION_TTL_MS),
  ]);
  return token;
}

export async function findSessionUser(db: Queryable, token: string): Promise<number | null> {
  const r = await db.query<{ user_id: number }>(
    'SELECT user_id FROM sessions WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()',
    [hashToken(token)],
  );
  return r.rows[0] ? Number(r.rows[0].user_id) : null;
}

export async function revokeSession(db: Queryable, token: string): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1', [hashToken(token)]);
}
