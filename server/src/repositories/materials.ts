import type { Queryable } from '../db/index.js';
import { col, parseListQuery, type ListSpec } from '../http/list-query.js';
import { CARD_COLUMNS, COUNT_CAP, toCard, type MaterialCard } from './material-card.js';
import type { MaterialDetail, MaterialEvidence, OwnerCard } from '../../../src/schemas/api/material.js';

/** Reads of the public catalogue. Only approved materials (status 1) are ever visible here. */

/** Answer shapes, from the contract (src/schemas/api/material.ts) the client reads them from too. */
export type { MaterialDetail, MaterialEvidence, OwnerCard };

const DETAIL_SQL = `SELECT ${CARD_COLUMNS}, m.description, m.fps, m.size_bytes, m.owner_id, u.nickname AS owner_nickname, u.avatar AS owner_avatar,
  m.ai_source, m.provenance, c.name AS category_name, m.credits
  FROM materials m LEFT JOIN users u ON u.id = m.owner_id LEFT JOIN categories c ON c.id = m.category_id
  WHERE m.id = $1 AND m.status = 1`;

/** An approved material's detail (counting a view is the caller's job: services/material-counters.ts). */
export async function findMaterial(db: Queryable, id: number): Promise<MaterialDetail | null> {
  const r = await db.query(DETAIL_SQL, [id]);
  const row = r.rows[0];
  if (!row) return null;
  return {
    ...toCard(row),
    description: row.description,
    fps: row.fps === null ? null : Number(row.fps),
    sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
    category: row.category_id ? { id: Number(row.category_id), name: row.category_name } : null,
    owner: row.owner_id ? { id: Number(row.owner_id), nickname: row.owner_nickname, avatar: row.owner_avatar } : null,
    aiSource: row.ai_source ?? null,
    provenance: row.provenance ?? null,
    credits: creditsOf(row.credits),
  };
}

/** The photo credits stored on a work (materials.credits, migration 1095): author, licence, source package. */
function creditsOf(value: unknown): NonNullable<MaterialDetail['credits']> {
  if (!Array.isArray(value)) return [];
  return value.map((c: { author: string; licence: string; licenceUrl: string; package: string }) => ({
    author: String(c.author),
    licence: String(c.licence),
    licenceUrl: String(c.licenceUrl),
    package: String(c.package),
  }));
}

export interface MaterialCountDelta {
  id: number;
  views: number;
  downloads: number;
}

/** Adds batched view/download counts to many materials in one statement. */
export async function addMaterialCounts(db: Queryable, deltas: MaterialCountDelta[]): Promise<void> {
  if (!deltas.length) return;
  await db.query(
    `UPDATE materials m SET views = m.views + d.views, downloads = m.downloads + d.downloads
     FROM unnest($1::bigint[], $2::int[], $3::int[]) AS d(id, views, downloads) WHERE m.id = d.id`,
    [deltas.map((d) => d.id), deltas.map((d) => d.views), deltas.map((d) => d.downloads)],
  );
}

/** Newest or most downloaded approved items, optionally of one type. */
export async function topMaterials(
  db: Queryable,
  order: 'newest' | 'popular',
  type: number | undefined,
  limit: number,
): Promise<MaterialCard[]> {
  const by = order === 'newest' ? 'm.created_at DESC, m.id DESC' : 'm.downloads DESC, m.id DESC';
  const r = await db.query(
    `SELECT ${CARD_COLUMNS} FROM materials m WHERE m.status = 1 AND ($1::int IS NULL OR m.type = $1) ORDER BY ${by} LIMIT $2`,
    [type ?? null, limit],
  );
  return r.rows.map(toCard);
}

/** The creator card of a material's owner: profile, counts and a few recent works. */
export async function ownerCard(db: Queryable, materialId: number): Promise<OwnerCard | null> {
  const m = await db.query<{ owner_id: number }>('SELECT owner_id FROM materials WHERE id = $1 AND status = 1', [
    materialId,
  ]);
  const ownerId = m.rows[0]?.owner_id;
  if (!ownerId) return null;
  const u = await db.query(
    `SELECT u.id, u.nickname, u.avatar, u.owner_type, u.created_at,
       count(m.id)::int AS works, coalesce(sum(m.downloads), 0)::int AS downloads, coalesce(sum(m.views), 0)::int AS views
     FROM users u LEFT JOIN materials m ON m.owner_id = u.id AND m.status = 1
     WHERE u.id = $1 GROUP BY u.id`,
    [ownerId],
  );
  const row = u.rows[0];
  const recent = await db.query(
    `SELECT ${CARD_COLUMNS} FROM materials m WHERE m.owner_id = $1 AND m.status = 1 AND m.id <> $2 ORDER BY m.created_at DESC LIMIT 4`,
    [ownerId, materialId],
  );
  return {
    id: Number(row.id),
    nickname: row.nickname,
    avatar: row.avatar,
    ownerType: row.owner_type,
    joinedAt: new Date(row.created_at).toISOString(),
    counts: { works: row.works, downloads: row.downloads, views: row.views },
    recent: recent.rows.map(toCard),
  };
}

/** Items of the same type sharing tags or the category, most shared first. */
export async function similarMaterials(db: Queryable, id: number, limit: number): Promise<MaterialCard[] | null> {
  const m = await db.query<{ type: number; tags: string[]; category_id: number | null }>(
    'SELECT type, tags, category_id FROM materials WHERE id = $1 AND status = 1',
    [id],
  );
  const base = m.rows[0];
  if (!base) return null;
  const r = await db.query(
    `SELECT ${CARD_COLUMNS},
       (SELECT count(*) FROM unnest(m.tags) t WHERE t = ANY($2::text[])) + CASE WHEN m.category_id = $3 THEN 1 ELSE 0 END AS score
     FROM materials m
     WHERE m.status = 1 AND m.id <> $1 AND m.type = $4 AND (m.tags && $2::text[] OR m.category_id = $3)
     ORDER BY score DESC, m.downloads DESC, m.id DESC LIMIT $5`,
    [id, base.tags, base.category_id, base.type, limit],
  );
  return r.rows.map(toCard);
}

/** The evidence-deposit certificate of a visible material; undefined when the material is not visible. */
export async function materialEvidence(db: Queryable, id: number): Promise<MaterialEvidence | null | undefined> {
  const r = await db.query(
    `SELECT m.id, e.cert_no, e.file_hash, e.ledger_hash, e.deposited_at, e.certificate_url
     FROM materials m LEFT JOIN material_evidence e ON e.material_id = m.id WHERE m.id = $1 AND m.status = 1`,
    [id],
  );
  const row = r.rows[0];
  if (!row) return undefined;
  if (!row.cert_no) return null;
  return {
    certNo: row.cert_no,
    fileHash: row.file_hash,
    ledgerHash: row.ledger_hash,
    depositedAt: new Date(row.deposited_at).toISOString(),
    certificateUrl: row.certificate_url,
  };
}

/** Sort keys of the material list (the route's query schema allows exactly these). */
export const MATERIAL_SORTABLE = ['createdAt', 'priceCents', 'views', 'downloads'];

/** A material's review status (1 = approved), or null when there is no such material. */
export async function materialStatus(db: Queryable, id: number): Promise<number | null> {
  const r = await db.query<{ status: number }>('SELECT status FROM materials WHERE id = $1', [id]);
  return r.rows[0] ? Number(r.rows[0].status) : null;
}

export const MATERIAL_LIST: ListSpec = {
  columns: {
    type: col.smallint('m.type', '素材类型'),
    categoryId: col.int('m.category_id', '分类'),
    title: col.text('m.title', '标题'),
    priceCents: col.int('m.price_cents', '价格'),
    createdAt: col.time('m.created_at', '上架时间'),
    views: col.int('m.views', '浏览量'),
    downloads: col.int('m.downloads', '下载量'),
    ownerId: col.bigint('m.owner_id', '作者编号'),
  },
  sortable: MATERIAL_SORTABLE,
  defaultSort: { field: 'createdAt', order: 'desc' },
  maxPageSize: 60,
};

/**
 * The generic list convention over approved materials. The total is counted up to COUNT_CAP
 * (totalCapped says there are more), so a page costs the same at 10k and at 1M materials.
 */
export async function listMaterials(
  db: Queryable,
  query: Record<string, unknown>,
  countCap = COUNT_CAP,
): Promise<{ list: MaterialCard[]; total: number; totalCapped: boolean }> {
  const q = parseListQuery(query, MATERIAL_LIST);
  const where = ['m.status = 1', ...q.where].join(' AND ');
  const rows = await db.query(
    `SELECT ${CARD_COLUMNS} FROM materials m WHERE ${where} ORDER BY ${q.orderBy}, m.id DESC LIMIT ${q.limit} OFFSET ${q.offset}`,
    q.params,
  );
  const counted = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM materials m WHERE ${where} LIMIT ${countCap + 1}) s`,
    q.params,
  );
  const n = Number(counted.rows[0].n);
  return { list: rows.rows.map(toCard), total: Math.min(n, countCap), totalCapped: n > countCap };
}

/** Titles of visible materials by id (a fingerprint match names the works it found). */
export async function materialTitles(db: Queryable, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const r = await db.query<{ id: number; title: string }>(
    'SELECT id, title FROM materials WHERE id = ANY($1::bigint[]) AND status = 1',
    [ids],
  );
  return new Map(r.rows.map((x) => [Number(x.id), x.title]));
}
