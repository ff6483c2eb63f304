import type { Queryable } from '../db/index.js';

export interface UserRow {
  id: number;
  phone: string | null;
  username: string | null;
  nickname: string;
  avatar: string;
  owner_type: 'PERSONAL' | 'ORGANISATIONS';
  enhanced_auth: boolean;
  company_name: string | null;
  parent_id: number | null;
  roles: string[];
  balance_cents: number;
  created_at: Date;
}

export const USER_COLUMNS =
  'id, phone, username, nickname, avatar, owner_type, enhanced_auth, company_name, parent_id, roles, balance_cents, created_at';

export async function findUserById(db: Queryable, id: number): Promise<UserRow | null> {
  const r = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
  return r.rows[0] ? { ...r.rows[0], id: Number(r.rows[0].id) } : null;
}

/** What the client keeps as userInfo: never the password hash or secrets. */
export function publicUser(u: UserRow) {
  return {
    id: u.id,
    phone: u.phone ? u.phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2') : null,
    username: u.username,
    nickname: u.nickname,
    avatar: u.avatar,
    ownerType: u.owner_type,
    enhancedAuth: u.enhanced_auth,
    companyName: u.company_name,
    parentId: u.parent_id === null ? null : Number(u.parent_id),
    roles: u.roles,
    balanceCents: Number(u.balance_cents),
  };
}

/** Password-login lookup: by username or phone; includes the hash (never leaves the server). */
export async function findUserForPassword(
  db: Queryable,
  login: string,
): Promise<(UserRow & { password_hash: string | null }) | null> {
  const r = await db.query<UserRow & { password_hash: string | null }>(
    `SELECT ${USER_COLUMNS}, password_hash FROM users WHERE username = $1 OR phone = $1 ORDER BY id LIMIT 1`,
    [login],
  );
  return r.rows[0] ? { ...r.rows[0], id: Number(r.rows[0].id) } : null;
}

export async function findUserIdBy(
  db: Queryable,
  column: 'phone' | 'wechat_openid',
  value: string,
): Promise<{ id: number; wechat_openid: string | null } | null> {
  const r = await db.query<{ id: number; wechat_openid: string | null }>(
    `SELECT id, wechat_openid FROM users WHERE ${column} = $1`,
    [value],
  );
  return r.rows[0] ? { id: Number(r.rows[0].id), wechat_openid: r.rows[0].wechat_openid } : null;
}

export interface Registration {
  phone: string;
  wechatOpenid?: string | null;
  nickname?: string | null;
  inviteId?: string;
  inviteCode?: string;
  registSource?: string;
  registDevice?: string;
}

/** First-use registration by phone (SMS login or WeChat bind), recording where the person came from. */
export async function registerPhoneUser(db: Queryable, reg: Registration): Promise<number> {
  const r = await db.query<{ id: number }>(
    `INSERT INTO users(phone, nickname, wechat_openid, invite_id, invite_code, regist_source, regist_device)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (phone) DO UPDATE SET phone = EXCLUDED.phone RETURNING id`,
    [
      reg.phone,
      reg.nickname || `用户${reg.phone.slice(-4)}`,
      reg.wechatOpenid ?? null,
      reg.inviteId || null,
      reg.inviteCode || null,
      reg.registSource || null,
      reg.registDevice || 'PC',
    ],
  );
  return Number(r.rows[0].id);
}

/** Links a WeChat identity to an existing account that has none yet; false when already linked elsewhere. */
export async function linkWechat(db: Queryable, userId: number, openid: string): Promise<boolean> {
  const r = await db.query(
    'UPDATE users SET wechat_openid = $2 WHERE id = $1 AND (wechat_openid IS NULL OR wechat_openid = $2)',
    [userId, openid],
  );
  return r.rowCount === 1;
}

/** Row lock on a user, held to the end of the transaction: serialises that user's count-then-insert writes. */
export async function lockUserRow(q: Queryable, userId: number): Promise<void> {
  await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
}
