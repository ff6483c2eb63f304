import type { Queryable } from '../db/index.js';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../security/password.js';

/** Demo password of every demo account (README.md lists them). */
export const DEMO_PASSWORD = 'Lumen@2026';

/** Demo accounts other seeds and tests refer to by username. */
export const DEMO_USERS = [
  {
    username: 'demo_buyer',
    phone: '13800000001',
    nickname: '演示买家',
    owner_type: 'PERSONAL',
    enhanced_auth: false,
    roles: ['buyer'],
    company_name: null,
  },
  {
    username: 'demo_company',
    phone: '13800000002',
    nickname: '星河传媒',
    owner_type: 'ORGANISATIONS',
    enhanced_auth: false,
    roles: ['buyer'],
    company_name: '星河文化传媒有限公司',
  },
  {
    username: 'demo_enhanced',
    phone: '13800000003',
    nickname: '光影影业',
    owner_type: 'ORGANISATIONS',
    enhanced_auth: true,
    roles: ['buyer'],
    company_name: '光影影视制作有限公司',
  },
  {
    username: 'demo_creator',
    phone: '13800000004',
    nickname: '山川摄影师',
    owner_type: 'PERSONAL',
    enhanced_auth: false,
    roles: ['buyer', 'creator'],
    company_name: null,
  },
  {
    username: 'demo_staff',
    phone: '13800000005',
    nickname: '运营小流',
    owner_type: 'PERSONAL',
    enhanced_auth: false,
    roles: ['buyer', 'staff'],
    company_name: null,
  },
] as const;

export async function seedUsers(app: FastifyInstance): Promise<void> {
  const existing = await app.db.query("SELECT 1 FROM users WHERE username = 'demo_buyer'");
  if (existing.rows.length) return;
  const hash = await hashPassword(DEMO_PASSWORD);
  for (const u of DEMO_USERS) {
    await app.db.query(
      `INSERT INTO users(username, phone, nickname, owner_type, enhanced_auth, roles, company_name, password_hash, regist_source, regist_device)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'SEED', 'PC')`,
      [u.username, u.phone, u.nickname, u.owner_type, u.enhanced_auth, u.roles, u.company_name, hash],
    );
  }
}

/** Ids of seeded accounts by username (a name not seeded is left out), for the seeds that act as them. */
export async function seededUserIds(db: Queryable, usernames: string[]): Promise<Map<string, number>> {
  const r = await db.query<{ id: number; username: string }>(
    'SELECT id, username FROM users WHERE username = ANY($1::text[])',
    [usernames],
  );
  return new Map(r.rows.map((u) => [u.username, Number(u.id)]));
}
