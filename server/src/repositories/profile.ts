import type { Queryable } from '../db/index.js';

export interface Profile {
  nickname: string;
  avatar: string;
  bio: string;
  contactEmail: string;
}

export async function getProfile(q: Queryable, userId: number): Promise<Profile> {
  const r = await q.query<Profile>(
    'SELECT nickname, avatar, bio, contact_email AS "contactEmail" FROM users WHERE id = $1',
    [userId],
  );
  return r.rows[0];
}

/** Saves the profile fields; the avatar only when a new one was stored. */
export async function saveProfile(
  q: Queryable,
  userId: number,
  p: Omit<Profile, 'avatar'> & { avatar?: string },
): Promise<void> {
  await q.query(
    'UPDATE users SET nickname = $2, bio = $3, contact_email = $4, avatar = COALESCE($5, avatar) WHERE id = $1',
    [userId, p.nickname, p.bio, p.contactEmail, p.avatar ?? null],
  );
}
