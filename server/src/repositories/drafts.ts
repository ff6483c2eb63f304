import type { Queryable } from '../db/index.js';

/** Drafts of one user that have not expired, newest change first (no form data: the list is light). */
export async function listDrafts(q: Queryable, userId: number, formId: string | null) {
  const r = await q.query(
    `SELECT id, form_id AS "formId", title, created_at AS "createdAt", updated_at AS "updatedAt", expires_at AS "expiresAt"
       FROM service_drafts WHERE user_id = $1 AND expires_at > now() AND ($2::text IS NULL OR form_id = $2) ORDER BY updated_at DESC, id DESC`,
    [userId, formId],
  );
  return r.rows;
}

/** One live draft of its owner (null for another user's, an expired or a missing draft). */
export async function findDraft(q: Queryable, userId: number, id: number) {
  const r = await q.query(
    `SELECT id, form_id AS "formId", title, data, updated_at AS "updatedAt", expires_at AS "expiresAt"
       FROM service_drafts WHERE id = $1 AND user_id = $2 AND expires_at > now()`,
    [id, userId],
  );
  return r.rows[0] ?? null;
}

/** Removes the user's expired drafts (lazily, on their next save or list). */
export async function deleteExpiredDrafts(q: Queryable, userId: number): Promise<void> {
  await q.query('DELETE FROM service_drafts WHERE user_id = $1 AND expires_at <= now()', [userId]);
}

/** Removes every expired draft (the periodic sweep). Returns how many. */
export async function sweepExpiredDrafts(q: Queryable): Promise<number> {
  return (await q.query('DELETE FROM service_drafts WHERE expires_at <= now()')).rowCount;
}

export async function countDrafts(q: Queryable, userId: number): Promise<number> {
  return Number(
    (
      await q.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM service_drafts WHERE user_id = $1 AND expires_at > now()',
        [userId],
      )
    ).rows[0].n,
  );
}

export async function insertDraft(
  q: Queryable,
  userId: number,
  formId: string,
  title: string,
  data: unknown,
  ttlDays: number,
): Promise<{ id: number; expiresAt: string }> {
  const r = await q.query<{ id: number; expiresAt: string }>(
    `INSERT INTO service_drafts(user_id, form_id, title, data, expires_at) VALUES ($1, $2, $3, $4, now() + make_interval(days => $5))
     RETURNING id, expires_at AS "expiresAt"`,
    [userId, formId, title, JSON.stringify(data), ttlDays],
  );
  return { id: Number(r.rows[0].id), expiresAt: r.rows[0].expiresAt };
}

/** Updates the owner's live draft of the same form; null when there is none (expired, deleted, another's). */
export async function updateDraft(
  q: Queryable,
  userId: number,
  id: number,
  formId: string,
  title: string,
  data: unknown,
  ttlDays: number,
) {
  const r = await q.query<{ id: number; expiresAt: string }>(
    `UPDATE service_drafts SET title = $4, data = $5, updated_at = now(), expires_at = now() + make_interval(days => $6)
      WHERE id = $1 AND user_id = $2 AND form_id = $3 AND expires_at > now() RETURNING id, expires_at AS "expiresAt"`,
    [id, userId, formId, title, JSON.stringify(data), ttlDays],
  );
  return r.rows[0] ? { id: Number(r.rows[0].id), expiresAt: r.rows[0].expiresAt } : null;
}

export async function deleteDraft(q: Queryable, userId: number, id: number): Promise<boolean> {
  return (
    (await q.query('DELETE FROM service_drafts WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId])).rows
      .length > 0
  );
}
