import type { Queryable } from '../db/index.js';

/**
 * Records that a user accepted a version of the contributor agreement and gives them the creator
 * role. Idempotent: signing the same version again keeps the first signing time, and the role is
 * added once.
 */
export async function signCreatorAgreement(
  q: Queryable,
  userId: number,
  version: string,
  ip: string | null,
): Promise<{ signedAt: string; roles: string[] }> {
  await q.query(
    'INSERT INTO creator_agreements(user_id, version, ip) VALUES ($1, $2, $3) ON CONFLICT (user_id, version) DO NOTHING',
    [userId, version, ip],
  );
  await q.query(
    "UPDATE users SET roles = array_append(roles, 'creator') WHERE id = $1 AND NOT ('creator' = ANY(roles))",
    [userId],
  );
  const r = await q.query<{ signed_at: string; roles: string[] }>(
    'SELECT a.signed_at, u.roles FROM creator_agreements a JOIN users u ON u.id = a.user_id WHERE a.user_id = $1 AND a.version = $2',
    [userId, version],
  );
  return { signedAt: new Date(r.rows[0].signed_at).toISOString(), roles: r.rows[0].roles };
}

/** The latest agreement a user signed, if any. */
export async function latestAgreement(
  q: Queryable,
  userId: number,
): Promise<{ version: string; signedAt: string } | null> {
  const r = await q.query<{ version: string; signed_at: string }>(
    'SELECT version, signed_at FROM creator_agreements WHERE user_id = $1 ORDER BY signed_at DESC LIMIT 1',
    [userId],
  );
  return r.rows[0] ? { version: r.rows[0].version, signedAt: new Date(r.rows[0].signed_at).toISOString() } : null;
}
