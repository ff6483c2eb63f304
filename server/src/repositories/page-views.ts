import type { Queryable } from '../db/index.js';

export interface PageViewRow {
  id: number;
  user_id: number | null;
  payload: Record<string, string>;
  ip: string | null;
  created_at: string;
}

export async function insertPageView(
  db: Queryable,
  row: { userId: number | null; payload: object; ip: string },
): Promise<number> {
  const r = await db.query<{ id: number }>(
    'INSERT INTO page_views(user_id, payload, ip) VALUES ($1, $2, $3) RETURNING id',
    [row.userId, JSON.stringify(row.payload), row.ip],
  );
  return Number(r.rows[0].id);
}

/** Newest first; optionally only one visitor's rows (payload.pvi). */
export async function latestPageViews(db: Queryable, limit: number, pvi?: string): Promise<PageViewRow[]> {
  const r = await db.query<PageViewRow>(
    `SELECT id, user_id, payload, ip, created_at FROM page_views
     WHERE ($2::text IS NULL OR payload->>'pvi' = $2) ORDER BY id DESC LIMIT $1`,
    [limit, pvi ?? null],
  );
  return r.rows.map((x) => ({ ...x, id: Number(x.id), user_id: x.user_id === null ? null : Number(x.user_id) }));
}
