import type { Queryable } from '../db/index.js';

/** SQL of works created from chunked uploads (services/work-create.ts, migration 800). */

export interface UploadForWork {
  id: string;
  work_type: number;
  filename: string;
  sha256: string;
  storage_key: string;
  size: number;
  mime: string;
  /** What assembly measured of the original, with its Content Credentials summary in `provenance`. */
  meta: Record<string, unknown>;
  /** A work already made from this upload (one work per upload). */
  material_id: number | null;
}

/**
 * The user's completed upload with its stored original, row-locked so two requests naming the
 * same upload serialise (the second then sees the first one's work). Another user's id reads as absent.
 */
export async function lockUploadForWork(q: Queryable, uploadId: string, userId: number): Promise<UploadForWork | null> {
  const r = await q.query<UploadForWork>(
    `SELECT u.id, u.work_type, u.filename, b.sha256, b.storage_key, b.size, b.mime, b.meta
       FROM uploads u JOIN upload_blobs b ON b.sha256 = u.sha256
      WHERE u.id = $1 AND u.user_id = $2 AND u.state = 'complete' FOR UPDATE OF u`,
    [uploadId, userId],
  );
  const row = r.rows[0];
  if (!row) return null;
  const used = await q.query<{ id: number }>('SELECT id FROM materials WHERE upload_id = $1', [uploadId]);
  return {
    ...row,
    work_type: Number(row.work_type),
    size: Number(row.size),
    material_id: used.rows[0] ? Number(used.rows[0].id) : null,
  };
}

export async function categoryFits(q: Queryable, categoryId: number, type: number): Promise<boolean> {
  return (await q.query('SELECT 1 FROM categories WHERE id = $1 AND type = $2', [categoryId, type])).rows.length > 0;
}

export interface NewWork {
  ownerId: number;
  uploadId: string;
  type: number;
  title: string;
  description: string;
  tags: string[];
  categoryId: number | null;
  priceCents: number;
  modelRelease: boolean;
  propertyRelease: boolean;
  status: number;
  originalKey: string;
  sizeBytes: number;
  searchTokens: string;
  /** The original's Content Credentials summary (src/schemas/provenance.ts), null when it has none. */
  provenance: unknown;
  aiDeclared: boolean | null;
  aiGenerated: boolean;
  aiSource: string | null;
}

export async function insertWork(q: Queryable, w: NewWork): Promise<number> {
  const r = await q.query<{ id: number }>(
    `INSERT INTO materials(owner_id, upload_id, type, title, description, tags, category_id, price_cents, model_release, property_release,
       status, original_path, size_bytes, search_tokens, review_submitted_at, provenance, ai_declared, ai_generated, ai_source)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14::tsvector, now(), $15, $16, $17, $18) RETURNING id`,
    [
      w.ownerId,
      w.uploadId,
      w.type,
      w.title,
      w.description,
      w.tags,
      w.categoryId,
      w.priceCents,
      w.modelRelease,
      w.propertyRelease,
      w.status,
      w.originalKey,
      w.sizeBytes,
      w.searchTokens,
      w.provenance == null ? null : JSON.stringify(w.provenance),
      w.aiDeclared,
      w.aiGenerated,
      w.aiSource,
    ],
  );
  return Number(r.rows[0].id);
}

/** The user's completed uploads of a material type that no work was made from yet (the upload page's form list). */
export async function uploadsAwaitingWork(q: Queryable, userId: number, workType: number) {
  const r = await q.query<{
    id: string;
    filename: string;
    size: number;
    mime: string;
    meta: Record<string, unknown>;
    completed_at: string;
  }>(
    `SELECT u.id, u.filename, b.size, b.mime, b.meta, u.completed_at
       FROM uploads u JOIN upload_blobs b ON b.sha256 = u.sha256
      WHERE u.user_id = $1 AND u.work_type = $2 AND u.state = 'complete'
        AND NOT EXISTS (SELECT 1 FROM materials m WHERE m.upload_id = u.id)
      ORDER BY u.completed_at DESC, u.id LIMIT 200`,
    [userId, workType],
  );
  return r.rows.map((x) => ({ ...x, size: Number(x.size) }));
}
