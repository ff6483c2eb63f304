import type { Queryable } from '../db/index.js';

export interface ApiKeyRow {
  id: number;
  userId: number;
  ownerName: string;
  name: string;
  prefix: string;
  scopes: string[];
  ipAllowList: string[];
  requestsPerMinute: number;
  dailyLicences: number | null;
  monthlySpendCents: number | null;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  status: 'active' | 'expired' | 'revoked';
}

const COLUMNS = `k.id::int AS id, k.user_id::int AS "userId",
  COALESCE(NULLIF(u.nickname, ''), u.username, u.phone, '') AS "ownerName", k.name, k.prefix, k.scopes,
  k.ip_allow AS "ipAllowList", k.requests_per_minute AS "requestsPerMinute", k.daily_licences AS "dailyLicences",
  k.monthly_spend_cents::int AS "monthlySpendCents", k.created_at AS "createdAt", k.last_used_at AS "lastUsedAt",
  k.expires_at AS "expiresAt", k.revoked_at AS "revokedAt",
  CASE WHEN k.revoked_at IS NOT NULL THEN 'revoked' WHEN k.expires_at <= now() THEN 'expired' ELSE 'active' END AS status`;

/** Keys a viewer may see and revoke: its own, and (a company owner) those of its sub-accounts. */
const VISIBLE = `(k.user_id = $1 OR u.parent_id = $1)`;

export async function insertApiKey(
  q: Queryable,
  k: {
    userId: number;
    name: string;
    prefix: string;
    secretHash: string;
    scopes: string[];
    ipAllowList: string[];
    requestsPerMinute: number;
    dailyLicences: number | null;
    monthlySpendCents: number | null;
    expiresInDays: number | null;
  },
): Promise<number> {
  const r = await q.query<{ id: number }>(
    `INSERT INTO api_keys(user_id, name, prefix, secret_hash, scopes, ip_allow, requests_per_minute, daily_licences,
       monthly_spend_cents, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CASE WHEN $10::int IS NULL THEN NULL ELSE now() + make_interval(days => $10::int) END)
     RETURNING id`,
    [
      k.userId,
      k.name,
      k.prefix,
      k.secretHash,
      k.scopes,
      k.ipAllowList,
      k.requestsPerMinute,
      k.dailyLicences,
      k.monthlySpendCents,
      k.expiresInDays,
    ],
  );
  return Number(r.rows[0].id);
}

/** Keys of the user that still work (the cap on keys per account counts these). */
export async function countLiveKeys(q: Queryable, userId: number): Promise<number> {
  const r = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
    [userId],
  );
  return Number(r.rows[0].n);
}

export async function findVisibleKey(q: Queryable, viewerId: number, id: number): Promise<ApiKeyRow | null> {
  const r = await q.query<ApiKeyRow>(
    `SELECT ${COLUMNS} FROM api_keys k JOIN users u ON u.id = k.user_id WHERE ${VISIBLE} AND k.id = $2`,
    [viewerId, id],
  );
  return r.rows[0] ?? null;
}

export async function listVisibleKeys(q: Queryable, viewerId: number): Promise<ApiKeyRow[]> {
  const r = await q.query<ApiKeyRow>(
    `SELECT ${COLUMNS} FROM api_keys k JOIN users u ON u.id = k.user_id WHERE ${VISIBLE} ORDER BY k.id DESC`,
    [viewerId],
  );
  return r.rows;
}

/** Revokes a visible, unrevoked key; false when there is none. Takes effect on the next call anywhere. */
export async function revokeVisibleKey(q: Queryable, viewerId: number, id: number): Promise<boolean> {
  const r = await q.query(
    `UPDATE api_keys k SET revoked_at = now(), revoked_by = $1 FROM users u
      WHERE u.id = k.user_id AND ${VISIBLE} AND k.id = $2 AND k.revoked_at IS NULL RETURNING k.id`,
    [viewerId, id],
  );
  return r.rows.length > 0;
}

/**
 * The key of a secret's hash, whatever its state (the caller tells revoked from expired). A key of
 * a disabled or deleted sub-account is no key at all, as that account's sessions are none.
 */
export async function findKeyByHash(q: Queryable, secretHash: string): Promise<ApiKeyRow | null> {
  const r = await q.query<ApiKeyRow>(
    `SELECT ${COLUMNS} FROM api_keys k JOIN users u ON u.id = k.user_id WHERE k.secret_hash = $1
       AND NOT EXISTS (SELECT 1 FROM sub_accounts a WHERE a.user_id = k.user_id AND a.status <> 'active')`,
    [secretHash],
  );
  return r.rows[0] ?? null;
}

/** Last-used time for the key list, written at most once a minute per key. */
export async function touchKey(q: Queryable, id: number): Promise<void> {
  await q.query(
    `UPDATE api_keys SET last_used_at = now() WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
    [id],
  );
}

/** The audit-log entries of calls made with the keys a viewer may see, newest first. */
export async function listKeyCalls(q: Queryable, viewerId: number, page: number, pageSize: number) {
  const from = `FROM audit_log a JOIN api_keys k ON a.target_type = 'api_key' AND a.target_id = k.id::text
    JOIN users u ON u.id = k.user_id WHERE ${VISIBLE} AND a.action = 'api.call'`;
  const total = Number((await q.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, [viewerId])).rows[0].n);
  const r = await q.query(
    `SELECT a.id::int AS id, k.id::int AS "keyId", k.name AS "keyName", k.prefix,
            COALESCE(a.after->>'method', '') AS method, COALESCE(a.after->>'path', '') AS path,
            COALESCE((a.after->>'status')::int, 0) AS status, a.ip, a.created_at AS "createdAt"
       ${from} ORDER BY a.id DESC LIMIT $2 OFFSET $3`,
    [viewerId, pageSize, (page - 1) * pageSize],
  );
  return { list: r.rows, total };
}
