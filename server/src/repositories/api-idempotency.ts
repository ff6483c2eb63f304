import type { Queryable } from '../db/index.js';

export interface IdempotencyRow {
  requestHash: string;
  status: number | null;
  answer: unknown;
}

/**
 * Claims an Idempotency-Key for a request: true when this call inserted the row and does the work.
 * A row older than `hours` is stale and taken over. A parallel twin's insert waits on the first
 * one's row and then finds it (ON CONFLICT), so exactly one of them claims.
 */
export async function claimIdempotency(
  q: Queryable,
  keyId: number,
  idemKey: string,
  requestHash: string,
  hours: number,
): Promise<boolean> {
  await q.query(
    `DELETE FROM api_idempotency WHERE key_id = $1 AND idem_key = $2 AND created_at < now() - make_interval(hours => $3::int)`,
    [keyId, idemKey, hours],
  );
  const r = await q.query(
    `INSERT INTO api_idempotency(key_id, idem_key, request_hash) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING key_id`,
    [keyId, idemKey, requestHash],
  );
  return r.rows.length > 0;
}

export async function findIdempotency(q: Queryable, keyId: number, idemKey: string): Promise<IdempotencyRow | null> {
  const r = await q.query<IdempotencyRow>(
    `SELECT request_hash AS "requestHash", status, answer FROM api_idempotency WHERE key_id = $1 AND idem_key = $2`,
    [keyId, idemKey],
  );
  return r.rows[0] ?? null;
}

/** Stores the answer a claimed request gave, for every retry within the kept hours. */
export async function completeIdempotency(
  q: Queryable,
  keyId: number,
  idemKey: string,
  status: number,
  answer: unknown,
): Promise<void> {
  await q.query(`UPDATE api_idempotency SET status = $3, answer = $4 WHERE key_id = $1 AND idem_key = $2`, [
    keyId,
    idemKey,
    status,
    JSON.stringify(answer),
  ]);
}

/** Gives a claim back (the server failed, nothing was done): a retry may do the work. */
export async function releaseIdempotency(q: Queryable, keyId: number, idemKey: string): Promise<void> {
  await q.query(`DELETE FROM api_idempotency WHERE key_id = $1 AND idem_key = $2 AND status IS NULL`, [keyId, idemKey]);
}

export async function insertDownloadGrant(
  q: Queryable,
  g: { tokenHash: string; userId: number; materialId: number; licenceId: number; seconds: number },
): Promise<void> {
  await q.query(
    `INSERT INTO api_download_grants(token_hash, user_id, material_id, licence_id, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5::int))`,
    [g.tokenHash, g.userId, g.materialId, g.licenceId, g.seconds],
  );
}

/** A download grant that has not expired. */
export async function findDownloadGrant(q: Queryable, tokenHash: string) {
  const r = await q.query<{ userId: number; materialId: number; licenceId: number }>(
    `SELECT user_id::int AS "userId", material_id::int AS "materialId", licence_id::int AS "licenceId"
       FROM api_download_grants WHERE token_hash = $1 AND expires_at > now()`,
    [tokenHash],
  );
  return r.rows[0] ?? null;
}
