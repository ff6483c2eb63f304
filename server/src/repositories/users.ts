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

const COLUMNS =
  'id, phone, username, nickname, avatar, owner_type, enhanced_auth, company_name, parent_id, roles, balance_cents, created_at';

export async function findUserById(db: Queryable, id: number): Promise<UserRow | null> {
  const r = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
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
    parentId: u.parent_id,
    roles: u.roles,
    balanceCents: Number(u.balance_cents),
  };
}
