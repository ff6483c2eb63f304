import type { Queryable } from '../db/index.js';
import type { DuplicateHit, QueueFilter, QueueItem } from '../../../src/schemas/api/review.js';

/** Staff's side of review: the queue of pending works and revisions, one item's full record, duplicate hits. */

/** Pending works (status 0) and pending revisions, oldest request first. */
export async function reviewQueue(q: Queryable, f: QueueFilter): Promise<{ list: QueueItem[]; total: number }> {
  const params: unknown[] = [f.kind ?? null, f.type ?? null, f.appeal ?? false];
  const sql = `
    SELECT 'work' AS kind, m.id AS material_id, NULL::bigint AS revision_id, m.type, m.title, m.owner_id, u.nickname AS owner_name,
           m.review_submitted_at AS submitted_at, m.review_appeal AS appeal, m.cover_path
      FROM materials m LEFT JOIN users u ON u.id = m.owner_id
     WHERE m.status = 0 AND ($1::text IS NULL OR $1::text = 'work') AND ($2::int IS NULL OR m.type = $2::int) AND (NOT $3::boolean OR m.review_appeal)
    UNION ALL
    SELECT 'revision', m.id, r.id, m.type, r.fields->>'title', m.owner_id, u.nickname, r.submitted_at, r.appeal, m.cover_path
      FROM material_revisions r JOIN materials m ON m.id = r.material_id LEFT JOIN users u ON u.id = m.owner_id
     WHERE r.status = 0 AND ($1::text IS NULL OR $1::text = 'revision') AND ($2::int IS NULL OR m.type = $2::int) AND (NOT $3::boolean OR r.appeal)`;
  const [rows, count] = await Promise.all([
    q.query<QueueItem>(
      `${sql} ORDER BY submitted_at, material_id, revision_id LIMIT ${f.pageSize} OFFSET ${(f.page - 1) * f.pageSize}`,
      params,
    ),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) x`, params),
  ]);
  return {
    list: rows.rows.map((r) => ({
      ...r,
      material_id: Number(r.material_id),
      revision_id: r.revision_id === null ? null : Number(r.revision_id),
      type: Number(r.type),
      owner_id: r.owner_id === null ? null : Number(r.owner_id),
    })),
    total: Number(count.rows[0].n),
  };
}

/** Everything staff see about a work (originals stay private: only public media keys). */
export async function reviewWork(q: Queryable, id: number) {
  const r = await q.query(
    `SELECT m.id, m.type, m.title, m.description, m.tags, m.status, m.price_cents, m.cover_path, m.preview_path, m.duration_sec, m.width, m.height,
            m.format, m.size_bytes, m.created_at, m.review_submitted_at, m.review_appeal, m.owner_id, u.nickname AS owner_name,
            m.provenance, m.ai_declared, m.ai_generated, m.ai_source,
            material_content_digest(m.title, m.description, m.tags, m.price_cents, m.original_path) AS digest
       FROM materials m LEFT JOIN users u ON u.id = m.owner_id WHERE m.id = $1`,
    [id],
  );
  return r.rows[0] as Record<string, any> | undefined;
}

/** A duplicate row before its cover key becomes a public URL. */
export type DuplicateRow = Omit<DuplicateHit, 'coverUrl'> & { cover_path: string | null };

/** Near-duplicate hits of a work (either side of the pair), closest first. */
export async function duplicatesOf(q: Queryable, id: number): Promise<DuplicateRow[]> {
  const r = await q.query<DuplicateRow>(
    `SELECT o.id AS material_id, o.title, o.status, o.type, o.cover_path, u.nickname AS owner_name, d.distance, d.kind, d.created_at
       FROM material_duplicates d
       JOIN materials o ON o.id = CASE WHEN d.material_id = $1 THEN d.other_material_id ELSE d.material_id END
       LEFT JOIN users u ON u.id = o.owner_id
      WHERE d.material_id = $1 OR d.other_material_id = $1
      ORDER BY d.distance, o.id`,
    [id],
  );
  return r.rows.map((x) => ({
    ...x,
    material_id: Number(x.material_id),
    status: Number(x.status),
    type: Number(x.type),
    distance: Number(x.distance),
  }));
}

/** Records a duplicate hit (the media pipeline's entry point; idempotent per pair and kind). */
export async function insertDuplicate(
  q: Queryable,
  hit: { materialId: number; otherMaterialId: number; distance: number; kind: string },
): Promise<void> {
  await q.query(
    `INSERT INTO material_duplicates(material_id, other_material_id, distance, kind) VALUES ($1, $2, $3, $4)
     ON CONFLICT (material_id, other_material_id, kind) DO UPDATE SET distance = EXCLUDED.distance`,
    [hit.materialId, hit.otherMaterialId, hit.distance, hit.kind],
  );
}
