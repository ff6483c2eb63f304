import type { Queryable } from '../db/index.js';
import { col, parseListQuery, type ListSpec } from '../http/list-query.js';

export interface NotificationInput {
  /** What it is about, for filters and icons: 'service_order', 'registration', 'notarization', ... */
  kind: string;
  title: string;
  body?: string;
  /** A client path the inbox links to. */
  link?: string | null;
  /** Given by callers that may run twice (jobs, callbacks): a second notify with it is a no-op. */
  dedupeKey?: string | null;
}

/** Inserts a notification; null when one with the same dedupe key exists. */
export async function insertNotification(q: Queryable, userId: number, n: NotificationInput): Promise<number | null> {
  const r = await q.query<{ id: number }>(
    // A kind the user turned off (users.notify_muted, /account/setting) is not sent.
    `INSERT INTO notifications(user_id, kind, title, body, link, dedupe_key)
     SELECT $1, $2, $3, $4, $5, $6 WHERE NOT EXISTS (SELECT 1 FROM users WHERE id = $1 AND $2 = ANY(notify_muted))
     ON CONFLICT (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING RETURNING id`,
    [userId, n.kind, n.title, n.body ?? '', n.link ?? null, n.dedupeKey ?? null],
  );
  return r.rows[0] ? Number(r.rows[0].id) : null;
}

export const NOTIFICATION_LIST: ListSpec = {
  columns: {
    id: col.bigint('id', '通知编号'),
    kind: col.text('kind', '类型'),
    read: col.bool('(read_at IS NOT NULL)', '已读'),
    createdAt: col.time('created_at', '时间'),
  },
  defaultSort: { field: 'id', order: 'desc' },
};

export async function listNotifications(q: Queryable, userId: number, query: Record<string, any>) {
  const p = parseListQuery(query, NOTIFICATION_LIST, [userId]);
  const where = ['user_id = $1', ...p.where].join(' AND ');
  const list = await q.query(
    `SELECT id, kind, title, body, link, (read_at IS NOT NULL) AS read, read_at AS "readAt", created_at AS "createdAt"
     FROM notifications WHERE ${where} ORDER BY ${p.orderBy} LIMIT ${p.limit} OFFSET ${p.offset}`,
    p.params,
  );
  const total = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM notifications WHERE ${where}`, p.params);
  return { list: list.rows, total: total.rows[0].n, unread: await unreadCount(q, userId) };
}

export async function unreadCount(q: Queryable, userId: number): Promise<number> {
  return (
    await q.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL',
      [userId],
    )
  ).rows[0].n;
}

/** Marks one of the user's notifications read; false when it is not theirs (or does not exist). */
export async function markRead(q: Queryable, userId: number, id: number): Promise<boolean> {
  const r = await q.query(
    'UPDATE notifications SET read_at = COALESCE(read_at, now()) WHERE id = $1 AND user_id = $2',
    [id, userId],
  );
  return r.rowCount === 1;
}

export async function markAllRead(q: Queryable, userId: number): Promise<number> {
  const r = await q.query('UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL', [userId]);
  return r.rowCount ?? 0;
}

/** The kinds a user receives, of those the preferences form offers. */
export async function mutedKinds(q: Queryable, userId: number): Promise<string[]> {
  return (
    (await q.query<{ m: string[] }>('SELECT notify_muted AS m FROM users WHERE id = $1', [userId])).rows[0]?.m ?? []
  );
}

export async function setMutedKinds(q: Queryable, userId: number, muted: string[]): Promise<void> {
  await q.query('UPDATE users SET notify_muted = $2::text[] WHERE id = $1', [userId, muted]);
}
