import type { Queryable } from '../db/index.js';
import { col, parseListQuery, type ListSpec } from '../http/list-query.js';

/** Collect albums: every query is scoped by user_id, so another user's album is simply not found. */
const ALBUM_COLUMNS = `a.id, a.name, a.shared, a.created_at AS "createdAt", a.updated_at AS "updatedAt",
  (SELECT count(*) FROM collect_items i WHERE i.album_id = a.id)::int AS "itemCount",
  (SELECT m.cover_path FROM collect_items i JOIN materials m ON m.id = i.material_id
    WHERE i.album_id = a.id AND m.status = 1 ORDER BY i.created_at DESC LIMIT 1) AS "coverPath"`;

export const ALBUM_LIST: ListSpec = {
  columns: {
    id: col.bigint('a.id', '收藏夹编号'),
    name: col.text('a.name', '收藏夹名称'),
    shared: col.bool('a.shared', '公开分享'),
    createdAt: col.time('a.created_at', '创建时间'),
  },
  defaultSort: { field: 'id', order: 'desc' },
};

export async function listAlbums(db: Queryable, userId: number, query: Record<string, any>) {
  const q = parseListQuery(query, ALBUM_LIST, [userId]);
  const where = ['a.user_id = $1', ...q.where].join(' AND ');
  const list = await db.query(
    `SELECT ${ALBUM_COLUMNS} FROM collect_albums a WHERE ${where} ORDER BY ${q.orderBy} LIMIT ${q.limit} OFFSET ${q.offset}`,
    q.params,
  );
  const total = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM collect_albums a WHERE ${where}`,
    q.params,
  );
  return { list: list.rows, total: total.rows[0].n };
}

export async function createAlbum(db: Queryable, userId: number, name: string, shared = false) {
  const r = await db.query(`INSERT INTO collect_albums(user_id, name, shared) VALUES ($1, $2, $3) RETURNING id`, [
    userId,
    name,
    shared,
  ]);
  return findAlbum(db, userId, Number(r.rows[0].id));
}

export async function findAlbum(db: Queryable, userId: number, id: number) {
  const r = await db.query(`SELECT ${ALBUM_COLUMNS} FROM collect_albums a WHERE a.id = $1 AND a.user_id = $2`, [
    id,
    userId,
  ]);
  return r.rows[0] ?? null;
}

export async function updateAlbum(
  db: Queryable,
  userId: number,
  id: number,
  patch: { name?: string; shared?: boolean },
) {
  const r = await db.query(
    `UPDATE collect_albums SET name = COALESCE($3, name), shared = COALESCE($4, shared), updated_at = now()
     WHERE id = $1 AND user_id = $2`,
    [id, userId, patch.name ?? null, patch.shared ?? null],
  );
  return r.rowCount ? findAlbum(db, userId, id) : null;
}

export async function deleteAlbum(db: Queryable, userId: number, id: number): Promise<boolean> {
  const r = await db.query('DELETE FROM collect_albums WHERE id = $1 AND user_id = $2', [id, userId]);
  return r.rowCount > 0;
}

/** Adds a material; false when it was already there. The material's collect counter follows. */
export async function addItem(db: Queryable, albumId: number, materialId: number): Promise<boolean> {
  const r = await db.query('INSERT INTO collect_items(album_id, material_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
    albumId,
    materialId,
  ]);
  if (r.rowCount) await db.query('UPDATE materials SET collects = collects + 1 WHERE id = $1', [materialId]);
  await db.query('UPDATE collect_albums SET updated_at = now() WHERE id = $1', [albumId]);
  return r.rowCount > 0;
}

export async function removeItem(db: Queryable, albumId: number, materialId: number): Promise<boolean> {
  const r = await db.query('DELETE FROM collect_items WHERE album_id = $1 AND material_id = $2', [albumId, materialId]);
  if (r.rowCount)
    await db.query('UPDATE materials SET collects = GREATEST(collects - 1, 0) WHERE id = $1', [materialId]);
  return r.rowCount > 0;
}

/**
 * Items of an album as material cards, newest first. The public view lists approved materials only;
 * the owner also sees items taken down since, flagged `available: false`, so they can remove them.
 */
export async function albumItems(db: Queryable, albumId: number, view: 'owner' | 'public') {
  const r = await db.query(
    `SELECT m.id, m.type, m.title, m.cover_path AS "coverPath", m.preview_path AS "previewPath", m.price_cents AS "priceCents",
            m.duration_sec AS "durationSec", (m.status = 1) AS available, i.created_at AS "collectedAt"
     FROM collect_items i JOIN materials m ON m.id = i.material_id
     WHERE i.album_id = $1${view === 'public' ? ' AND m.status = 1' : ''} ORDER BY i.created_at DESC`,
    [albumId],
  );
  return r.rows;
}

/** A shared album for the public view; null when missing or not shared. */
export async function findSharedAlbum(db: Queryable, id: number) {
  const r = await db.query(
    `SELECT a.id, a.name, a.created_at AS "createdAt", u.nickname AS "ownerName"
     FROM collect_albums a JOIN users u ON u.id = a.user_id WHERE a.id = $1 AND a.shared`,
    [id],
  );
  return r.rows[0] ?? null;
}

/** Which of the user's albums hold a material (the collect button's state). */
export async function albumsHolding(db: Queryable, userId: number, materialId: number): Promise<number[]> {
  const r = await db.query<{ id: number }>(
    'SELECT a.id FROM collect_albums a JOIN collect_items i ON i.album_id = a.id WHERE a.user_id = $1 AND i.material_id = $2',
    [userId, materialId],
  );
  return r.rows.map((x) => Number(x.id));
}
