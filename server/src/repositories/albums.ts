import type { Queryable } from '../db/index.js';
import { CARD_COLUMNS, fileUrl, toCard, type MaterialCard } from './material-card.js';
import type { AlbumSummary, CategorySummary } from '../../../src/schemas/api/material.js';

/** Curated albums and categories of the public catalogue (approved items only). */

/** Answer shapes, from the contract (src/schemas/api/material.ts) the client reads them from too. */
export type { AlbumSummary, CategorySummary };

const ALBUM_COLUMNS = `a.id, a.type, a.title, a.description, a.cover_path,
  (SELECT count(*)::int FROM album_items ai JOIN materials m ON m.id = ai.material_id AND m.status = 1 WHERE ai.album_id = a.id) AS item_count`;

function toAlbum(r: Record<string, any>): AlbumSummary {
  return {
    id: Number(r.id),
    type: Number(r.type),
    title: r.title,
    description: r.description,
    coverUrl: fileUrl(r.cover_path),
    itemCount: Number(r.item_count),
  };
}

async function albumItems(db: Queryable, albumId: number, limit: number): Promise<MaterialCard[]> {
  const r = await db.query(
    `SELECT ${CARD_COLUMNS} FROM album_items ai JOIN materials m ON m.id = ai.material_id
     WHERE ai.album_id = $1 AND m.status = 1 ORDER BY ai.sort, m.id LIMIT $2`,
    [albumId, limit],
  );
  return r.rows.map(toCard);
}

export async function listAlbums(
  db: Queryable,
  type: number | undefined,
  page: number,
  pageSize: number,
): Promise<{ list: AlbumSummary[]; total: number }> {
  const r = await db.query(
    `SELECT ${ALBUM_COLUMNS} FROM albums a WHERE ($1::int IS NULL OR a.type = $1) ORDER BY a.sort DESC, a.id LIMIT $2 OFFSET $3`,
    [type ?? null, pageSize, (page - 1) * pageSize],
  );
  const t = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM albums a WHERE ($1::int IS NULL OR a.type = $1)',
    [type ?? null],
  );
  return { list: r.rows.map(toAlbum), total: Number(t.rows[0].n) };
}

export async function findAlbum(db: Queryable, id: number): Promise<(AlbumSummary & { items: MaterialCard[] }) | null> {
  const r = await db.query(`SELECT ${ALBUM_COLUMNS} FROM albums a WHERE a.id = $1`, [id]);
  if (!r.rows[0]) return null;
  return { ...toAlbum(r.rows[0]), items: await albumItems(db, id, 200) };
}

/** Curated home sections: the top albums with their first items. */
export async function curatedSections(db: Queryable, sections: number, perSection: number) {
  const { list } = await listAlbums(db, undefined, 1, sections);
  return Promise.all(list.map(async (a) => ({ ...a, items: await albumItems(db, a.id, perSection) })));
}

export async function listCategories(db: Queryable, type: number | undefined): Promise<CategorySummary[]> {
  const r = await db.query(
    `SELECT c.id, c.type, c.name, (SELECT count(*)::int FROM materials m WHERE m.category_id = c.id AND m.status = 1) AS count
     FROM categories c WHERE ($1::int IS NULL OR c.type = $1) ORDER BY c.type, c.sort, c.id`,
    [type ?? null],
  );
  return r.rows.map((x) => ({ id: Number(x.id), type: Number(x.type), name: x.name, count: Number(x.count) }));
}

export async function findCategory(db: Queryable, id: number): Promise<CategorySummary | null> {
  const all = await db.query(
    `SELECT c.id, c.type, c.name, (SELECT count(*)::int FROM materials m WHERE m.category_id = c.id AND m.status = 1) AS count FROM categories c WHERE c.id = $1`,
    [id],
  );
  const x = all.rows[0];
  return x ? { id: Number(x.id), type: Number(x.type), name: x.name, count: Number(x.count) } : null;
}

/** Main tags (the first tag of an item) by downloads: search suggestions for an empty result. */
export async function hotKeywords(db: Queryable, limit: number): Promise<string[]> {
  const r = await db.query<{ tag: string }>(
    `SELECT m.tags[1] AS tag FROM materials m WHERE m.status = 1 AND m.tags[1] IS NOT NULL GROUP BY 1 ORDER BY sum(m.downloads) DESC, 1 LIMIT $1`,
    [limit],
  );
  return r.rows.map((x) => x.tag);
}
