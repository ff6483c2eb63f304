import type { Queryable } from '../db/index.js';

/** SQL of the media pipeline (services/media). */

/** The 8 bands (8 bits each) a hash is indexed by: equal in at least one band when the distance is <= 7. */
export function bands(hash: string): number[] {
  return Array.from({ length: 8 }, (_, i) => parseInt(hash.slice(i * 2, i * 2 + 2), 16));
}

export async function startMediaRow(
  q: Queryable,
  materialId: number,
  originalKey: string,
  jobId: number | null,
): Promise<void> {
  await q.query(
    `INSERT INTO material_media(material_id, original_key, job_id, state) VALUES ($1, $2, $3, 'processing')
     ON CONFLICT (material_id) DO UPDATE SET original_key = EXCLUDED.original_key, job_id = EXCLUDED.job_id,
       state = 'processing', error = NULL, updated_at = now()`,
    [materialId, originalKey, jobId],
  );
}

/** The original of an assembled upload (chunked upload, migration 700: stored once per SHA-256). */
export async function uploadOriginalKey(q: Queryable, uploadId: string): Promise<string | null> {
  const r = await q.query<{ storage_key: string }>(
    `SELECT b.storage_key FROM uploads u JOIN upload_blobs b ON b.sha256 = u.sha256 WHERE u.id = $1 AND u.state = 'complete'`,
    [uploadId],
  );
  return r.rows[0]?.storage_key ?? null;
}

export interface MediaResult {
  materialId: number;
  durationSec: number | null;
  width: number;
  height: number;
  fps: number | null;
  format: string;
  sizeBytes: number;
  codec: string | null;
  bitrate: number | null;
  coverKey: string;
  previewKey: string;
  posterKey: string | null;
  stripKey: string | null;
  strip: unknown;
  thumbKey: string | null;
}

export async function saveMediaResult(q: Queryable, m: MediaResult): Promise<void> {
  await q.query(
    `UPDATE materials SET duration_sec = $2, width = $3, height = $4, fps = $5, format = $6, size_bytes = $7,
       cover_path = $8, preview_path = $9 WHERE id = $1`,
    [m.materialId, m.durationSec, m.width, m.height, m.fps, m.format, m.sizeBytes, m.coverKey, m.previewKey],
  );
  await q.query(
    `UPDATE material_media SET state = 'ready', codec = $2, bitrate = $3, poster_key = $4, strip_key = $5, strip = $6,
       thumb_key = $7, error = NULL, updated_at = now() WHERE material_id = $1`,
    [
      m.materialId,
      m.codec,
      m.bitrate,
      m.posterKey,
      m.stripKey,
      m.strip === null ? null : JSON.stringify(m.strip),
      m.thumbKey,
    ],
  );
}

export async function failMedia(q: Queryable, materialId: number, error: string): Promise<void> {
  await q.query(`UPDATE material_media SET state = 'failed', error = $2, updated_at = now() WHERE material_id = $1`, [
    materialId,
    error.slice(0, 500),
  ]);
}

export async function findMedia(q: Queryable, materialId: number) {
  const r = await q.query<{
    state: string;
    job_id: number | null;
    original_key: string;
    codec: string | null;
    bitrate: number | null;
    poster_key: string | null;
    strip_key: string | null;
    strip: unknown;
    thumb_key: string | null;
    error: string | null;
  }>('SELECT * FROM material_media WHERE material_id = $1', [materialId]);
  return r.rows[0] ?? null;
}

/** Replaces a work's hashes (a re-run stores the same ones) with their band index rows. */
export async function saveHashes(q: Queryable, materialId: number, kind: string, hashes: string[]): Promise<void> {
  await q.query('DELETE FROM material_hashes WHERE material_id = $1 AND kind = $2', [materialId, kind]);
  for (const [frame, hash] of hashes.entries()) {
    const id = (
      await q.query<{ id: number }>(
        'INSERT INTO material_hashes(material_id, kind, frame, hash) VALUES ($1, $2, $3, $4) RETURNING id',
        [materialId, kind, frame, hash],
      )
    ).rows[0].id;
    const b = bands(hash);
    await q.query(
      'INSERT INTO material_hash_bands(hash_id, band, value) SELECT $1, i - 1, v FROM unnest($2::smallint[]) WITH ORDINALITY AS t(v, i)',
      [id, b],
    );
  }
}

/**
 * Stored hashes of other owners' works that share at least one band with one of the given hashes:
 * the candidates (index lookups on material_hash_bands), to be measured exactly by the caller.
 */
export async function hashCandidates(
  q: Queryable,
  materialId: number,
  kind: string,
  hashes: string[],
): Promise<Array<{ material_id: number; hash: string }>> {
  if (!hashes.length) return [];
  const bandList: number[] = [];
  const valueList: number[] = [];
  for (const h of hashes)
    bands(h).forEach((v, i) => {
      bandList.push(i);
      valueList.push(v);
    });
  const r = await q.query<{ material_id: number; hash: string }>(
    `SELECT DISTINCT h.material_id, h.hash
       FROM unnest($3::smallint[], $4::smallint[]) AS p(band, value)
       JOIN material_hash_bands b ON b.band = p.band AND b.value = p.value
       JOIN material_hashes h ON h.id = b.hash_id AND h.kind = $2
       JOIN materials o ON o.id = h.material_id
      WHERE h.material_id <> $1 AND o.owner_id <> (SELECT owner_id FROM materials WHERE id = $1)`,
    [materialId, kind, bandList, valueList],
  );
  return r.rows.map((x) => ({ material_id: Number(x.material_id), hash: x.hash }));
}

/** Seeded works share one design's files: the measured metadata and strip go on all of them at once. */
export async function saveMeasured(
  q: Queryable,
  materialIds: number[],
  originalKey: string,
  m: {
    durationSec: number | null;
    width: number;
    height: number;
    fps: number | null;
    codec: string | null;
    bitrate: number | null;
    stripKey: string | null;
    strip: unknown;
  },
): Promise<void> {
  await q.query(
    'UPDATE materials SET duration_sec = $2, width = $3, height = $4, fps = $5 WHERE id = ANY($1::bigint[])',
    [materialIds, m.durationSec, m.width, m.height, m.fps],
  );
  await q.query(
    `INSERT INTO material_media(material_id, state, original_key, codec, bitrate, strip_key, strip)
     SELECT id, 'ready', $2, $3, $4, $5, $6 FROM unnest($1::bigint[]) AS id
     ON CONFLICT (material_id) DO UPDATE SET state = 'ready', original_key = EXCLUDED.original_key, codec = EXCLUDED.codec,
       bitrate = EXCLUDED.bitrate, strip_key = EXCLUDED.strip_key, strip = EXCLUDED.strip, error = NULL, updated_at = now()`,
    [materialIds, originalKey, m.codec, m.bitrate, m.stripKey, m.strip === null ? null : JSON.stringify(m.strip)],
  );
}
