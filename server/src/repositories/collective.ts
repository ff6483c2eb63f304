import type { Queryable } from '../db/index.js';

/** The user's membership (in the plan, in notice, or left), or null when they never joined. */
export async function findMember(q: Queryable, userId: number, lock = false) {
  const r = await q.query(
    `SELECT user_id AS "userId", joined_at AS "joinedAt", leave_requested_at AS "leaveRequestedAt", leaves_at AS "leavesAt",
            (leaves_at IS NULL OR leaves_at > now()) AS active
       FROM collective_members WHERE user_id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [userId],
  );
  return r.rows[0] ?? null;
}

/** Joins, or rejoins after having left (a member in notice is already in: unchanged). */
export async function upsertMember(q: Queryable, userId: number): Promise<void> {
  await q.query(
    `INSERT INTO collective_members(user_id) VALUES ($1)
     ON CONFLICT (user_id) DO UPDATE SET joined_at = now(), leave_requested_at = NULL, leaves_at = NULL
       WHERE collective_members.leaves_at IS NOT NULL AND collective_members.leaves_at <= now()`,
    [userId],
  );
}

export async function clearPool(q: Queryable, userId: number): Promise<void> {
  await q.query('DELETE FROM collective_works WHERE user_id = $1', [userId]);
}

/** Starts the notice period (only for an active member without one running). */
export async function requestLeave(q: Queryable, userId: number, noticeDays: number) {
  const r = await q.query(
    `UPDATE collective_members SET leave_requested_at = now(), leaves_at = now() + make_interval(days => $2)
      WHERE user_id = $1 AND leaves_at IS NULL RETURNING leaves_at AS "leavesAt"`,
    [userId, noticeDays],
  );
  return r.rows[0] ?? null;
}

export async function cancelLeave(q: Queryable, userId: number): Promise<boolean> {
  const r = await q.query(
    'UPDATE collective_members SET leave_requested_at = NULL, leaves_at = NULL WHERE user_id = $1 AND leaves_at > now() RETURNING user_id',
    [userId],
  );
  return r.rows.length > 0;
}

/** Of these ids, the approved works the user owns. */
export async function ownApprovedWorks(q: Queryable, userId: number, ids: number[]): Promise<number[]> {
  const r = await q.query<{ id: number }>(
    'SELECT id FROM materials WHERE id = ANY($1::bigint[]) AND owner_id = $2 AND status = 1',
    [ids, userId],
  );
  return r.rows.map((x) => Number(x.id));
}

/** Replaces the member's pool with these works. */
export async function setPoolWorks(q: Queryable, userId: number, ids: number[]): Promise<void> {
  await q.query('DELETE FROM collective_works WHERE user_id = $1 AND NOT (material_id = ANY($2::bigint[]))', [
    userId,
    ids,
  ]);
  await q.query(
    `INSERT INTO collective_works(user_id, material_id) SELECT $1, unnest($2::bigint[]) ON CONFLICT (user_id, material_id) DO NOTHING`,
    [userId, ids],
  );
}

/** The user's approved works, each marked whether it is in the pool (to choose from). */
export async function worksForPool(q: Queryable, userId: number) {
  const r = await q.query(
    `SELECT m.id, m.title, m.type, m.cover_path AS "coverPath", (w.material_id IS NOT NULL) AS "inPool"
       FROM materials m LEFT JOIN collective_works w ON w.material_id = m.id AND w.user_id = m.owner_id
      WHERE m.owner_id = $1 AND m.status = 1 ORDER BY m.id DESC LIMIT 500`,
    [userId],
  );
  return r.rows;
}

/** Members in the plan now (notice included) with the number of their works in the pool. */
export async function activePool(q: Queryable): Promise<Array<{ userId: number; works: number }>> {
  const r = await q.query<{ userId: number; works: number }>(
    `SELECT m.user_id AS "userId", count(w.material_id)::int AS works
       FROM collective_members m JOIN collective_works w ON w.user_id = m.user_id
      WHERE m.leaves_at IS NULL OR m.leaves_at > now() GROUP BY m.user_id ORDER BY m.user_id`,
  );
  return r.rows.map((x) => ({ userId: Number(x.userId), works: Number(x.works) }));
}

export async function planStats(q: Queryable) {
  const r = await q.query(
    `SELECT (SELECT count(*)::int FROM collective_members WHERE leaves_at IS NULL OR leaves_at > now()) AS members,
            (SELECT count(*)::int FROM collective_works w JOIN collective_members m ON m.user_id = w.user_id WHERE m.leaves_at IS NULL OR m.leaves_at > now()) AS works,
            (SELECT COALESCE(sum(amount_cents), 0)::bigint FROM collective_revenue) AS "revenueCents"`,
  );
  return r.rows[0];
}

export async function insertRevenue(
  q: Queryable,
  r: {
    reference: string;
    licensee: string;
    amountCents: number;
    platformPercent: number;
    distributableCents: number;
    totalWorks: number;
    staffId: number;
  },
) {
  const res = await q.query<{ id: number }>(
    `INSERT INTO collective_revenue(reference, licensee, amount_cents, platform_percent, distributable_cents, total_works, recorded_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (reference) DO NOTHING RETURNING id`,
    [r.reference, r.licensee, r.amountCents, r.platformPercent, r.distributableCents, r.totalWorks, r.staffId],
  );
  return res.rows[0] ? Number(res.rows[0].id) : null;
}

export async function insertShare(
  q: Queryable,
  revenueId: number,
  userId: number,
  works: number,
  amountCents: number,
): Promise<void> {
  await q.query('INSERT INTO collective_shares(revenue_id, user_id, works, amount_cents) VALUES ($1, $2, $3, $4)', [
    revenueId,
    userId,
    works,
    amountCents,
  ]);
}

export async function revenueByReference(q: Queryable, reference: string) {
  const r = await q.query(
    `SELECT id, reference, licensee, amount_cents AS "amountCents", distributable_cents AS "distributableCents", total_works AS "totalWorks", created_at AS "createdAt" FROM collective_revenue WHERE reference = $1`,
    [reference],
  );
  return r.rows[0] ?? null;
}

export async function listRevenue(q: Queryable) {
  const r = await q.query(
    `SELECT r.id, r.reference, r.licensee, r.amount_cents AS "amountCents", r.platform_percent::float AS "platformPercent", r.distributable_cents AS "distributableCents",
            r.total_works AS "totalWorks", r.created_at AS "createdAt", COALESCE(sum(s.amount_cents), 0)::bigint AS "sharedCents"
       FROM collective_revenue r LEFT JOIN collective_shares s ON s.revenue_id = r.id GROUP BY r.id ORDER BY r.id DESC LIMIT 100`,
  );
  return r.rows;
}

/** One member's shares, newest first, with the revenue they came from. */
export async function memberShares(q: Queryable, userId: number) {
  const r = await q.query(
    `SELECT s.revenue_id AS "revenueId", r.licensee, r.amount_cents AS "revenueCents", r.total_works AS "totalWorks", s.works, s.amount_cents AS "amountCents", r.created_at AS "createdAt"
       FROM collective_shares s JOIN collective_revenue r ON r.id = s.revenue_id WHERE s.user_id = $1 ORDER BY s.revenue_id DESC LIMIT 200`,
    [userId],
  );
  return r.rows;
}
