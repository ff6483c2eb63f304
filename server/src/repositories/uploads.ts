import type { Queryable, Db } from '../db/index.js';

/** Upload states (migration 700): receiving -> assembling -> complete | failed; receiving -> expired | cancelled. */
export type UploadState = 'receiving' | 'assembling' | 'complete' | 'failed' | 'expired' | 'cancelled';

export interface UploadRow {
  id: string;
  user_id: number;
  work_type: number;
  filename: string;
  total_size: number;
  chunk_size: number;
  total_chunks: number;
  claimed_sha256: string | null;
  proof_offset: number | null;
  proof_length: number | null;
  state: UploadState;
  sha256: string | null;
  error: string | null;
  expires_at: string;
  created_at: string;
  completed_at: string | null;
}

export interface BlobRow {
  sha256: string;
  storage_key: string;
  size: number;
  mime: string;
  meta: Record<string, unknown>;
}

const COLS = `id, user_id, work_type, filename, total_size, chunk_size, total_chunks, claimed_sha256, proof_offset,
  proof_length, state, sha256, error, expires_at, created_at, completed_at`;

// pg parses int8 as numbers (db/index.ts); PGlite may hand back bigint: normalise once here.
function norm(r: any): UploadRow {
  for (const k of ['user_id', 'total_size', 'proof_offset']) if (r[k] != null) r[k] = Number(r[k]);
  return r as UploadRow;
}
const normBlob = (r: any): BlobRow => ({ ...r, size: Number(r.size) });

export interface NewUpload {
  id: string;
  userId: number;
  workType: number;
  filename: string;
  totalSize: number;
  chunkSize: number;
  totalChunks: number;
  claimedSha256: string | null;
  /** The browser's File.lastModified (ms), when given: with name and size it finds the same file again. */
  lastModified: number | null;
  ttlSeconds: number;
}

/** What opening an upload for a file did: resumed the user's unfinished one, or inserted a new one. */
export type OpenedUpload =
  { row: UploadRow; resumed: boolean; superseded: string[] } | { refused: 'count' | 'bytes'; superseded: string[] };

export interface OpenLimits {
  maxOpenUploads: number;
  maxOpenBytes: number;
}

/**
 * Opens an upload for one file. The user's unfinished upload of the same file (same type, name,
 * size and chunk size, and the same SHA-256 or, while that is unknown, the same last-modified time)
 * is resumed: its chunks stay and its expiry is renewed. Else earlier unfinished uploads of a file
 * with that name and size but another SHA-256 or last-modified time are superseded (cancelled:
 * another version of the file was picked, so they no longer count against the limits), and a new
 * upload is inserted unless the limits refuse it. The user's row lock serialises one user's opens,
 * so two tabs cannot both insert, nor parallel requests both pass the count. Returns the superseded
 * ids: the caller deletes their chunk bytes.
 */
export async function openUploadForFile(
  db: Db,
  u: NewUpload,
  limits: OpenLimits,
  { resume = true }: { resume?: boolean } = {},
): Promise<OpenedUpload> {
  return db.tx(async (q) => {
    await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [u.userId]);
    const same = !resume
      ? null
      : await q.query<{ id: string }>(
          `SELECT id FROM uploads
        WHERE user_id = $1 AND state = 'receiving' AND expires_at > now()
          AND work_type = $2 AND filename = $3 AND total_size = $4 AND chunk_size = $5
          AND CASE WHEN $6::text IS NOT NULL AND claimed_sha256 IS NOT NULL THEN claimed_sha256 = $6::text
                   ELSE last_modified = $7::bigint END
          AND proof_offset IS NULL
        ORDER BY created_at DESC LIMIT 1`,
          [u.userId, u.workType, u.filename, u.totalSize, u.chunkSize, u.claimedSha256, u.lastModified],
        );
    if (same?.rows[0]) {
      const resumed = await q.query(
        `UPDATE uploads SET expires_at = now() + make_interval(secs => $2),
                claimed_sha256 = coalesce(claimed_sha256, $3), updated_at = now()
          WHERE id = $1 RETURNING ${COLS}`,
        [same.rows[0].id, u.ttlSeconds, u.claimedSha256],
      );
      return { row: norm(resumed.rows[0]), resumed: true, superseded: [] };
    }
    const superseded = (
      await q.query<{ id: string }>(
        `UPDATE uploads SET state = 'cancelled', error = '已被同名文件的新上传取代', updated_at = now()
          WHERE user_id = $1 AND state = 'receiving' AND work_type = $2 AND filename = $3 AND total_size = $4
            AND ((claimed_sha256 IS NOT NULL AND $5::text IS NOT NULL AND claimed_sha256 <> $5::text)
              OR (last_modified IS NOT NULL AND $6::bigint IS NOT NULL AND last_modified <> $6::bigint))
          RETURNING id`,
        [u.userId, u.workType, u.filename, u.totalSize, u.claimedSha256, u.lastModified],
      )
    ).rows.map((r) => r.id);
    if (superseded.length) await q.query('DELETE FROM upload_chunks WHERE upload_id = ANY($1::text[])', [superseded]);
    const open = await q.query<{ n: number; bytes: number }>(
      `SELECT count(*)::int AS n, coalesce(sum(total_size), 0)::bigint AS bytes
         FROM uploads WHERE user_id = $1 AND state IN ('receiving', 'assembling')`,
      [u.userId],
    );
    const { n, bytes } = open.rows[0];
    if (Number(n) >= limits.maxOpenUploads) return { refused: 'count', superseded };
    if (Number(bytes) + u.totalSize > limits.maxOpenBytes) return { refused: 'bytes', superseded };
    const r = await q.query(
      `INSERT INTO uploads(id, user_id, work_type, filename, total_size, chunk_size, total_chunks, claimed_sha256,
                           last_modified, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now() + make_interval(secs => $10)) RETURNING ${COLS}`,
      [
        u.id,
        u.userId,
        u.workType,
        u.filename,
        u.totalSize,
        u.chunkSize,
        u.totalChunks,
        u.claimedSha256,
        u.lastModified,
        u.ttlSeconds,
      ],
    );
    return { row: norm(r.rows[0]), resumed: false, superseded };
  });
}

export async function findUpload(q: Queryable, id: string): Promise<UploadRow | null> {
  const r = await q.query(`SELECT ${COLS} FROM uploads WHERE id = $1`, [id]);
  return r.rows[0] ? norm(r.rows[0]) : null;
}

/** The upload when it belongs to the user; another user's id reads as absent. */
export async function findOwnedUpload(q: Queryable, id: string, userId: number): Promise<UploadRow | null> {
  const r = await q.query(`SELECT ${COLS} FROM uploads WHERE id = $1 AND user_id = $2`, [id, userId]);
  return r.rows[0] ? norm(r.rows[0]) : null;
}

/** Numbers of the chunks recorded so far, ascending. */
export async function receivedChunks(q: Queryable, id: string): Promise<number[]> {
  const r = await q.query<{ chunk_no: number }>(
    'SELECT chunk_no FROM upload_chunks WHERE upload_id = $1 ORDER BY chunk_no',
    [id],
  );
  return r.rows.map((x) => Number(x.chunk_no));
}

export async function hasChunk(q: Queryable, id: string, chunkNo: number): Promise<boolean> {
  const r = await q.query('SELECT 1 FROM upload_chunks WHERE upload_id = $1 AND chunk_no = $2', [id, chunkNo]);
  return r.rows.length > 0;
}

/**
 * Records a stored chunk, once (UNIQUE(upload_id, chunk_no)), and only while the upload still
 * receives; answers in the same statement with the upload's state and every received chunk (one
 * round trip per chunk: the uploader needs the list, the route needs to know if it was the last).
 */
export async function recordChunk(
  q: Queryable,
  id: string,
  chunkNo: number,
  size: number,
): Promise<{ state: UploadState; uploaded: number[]; inserted: boolean }> {
  const r = await q.query<{ state: UploadState; uploaded: number[]; inserted: boolean }>(
    `WITH ins AS (
       INSERT INTO upload_chunks(upload_id, chunk_no, size)
       SELECT $1, $2, $3 WHERE EXISTS (SELECT 1 FROM uploads WHERE id = $1 AND state = 'receiving')
       ON CONFLICT (upload_id, chunk_no) DO NOTHING
       RETURNING chunk_no)
     SELECT (SELECT state FROM uploads WHERE id = $1) AS state, EXISTS (SELECT 1 FROM ins) AS inserted,
            ARRAY(SELECT chunk_no FROM upload_chunks WHERE upload_id = $1 UNION SELECT chunk_no FROM ins ORDER BY 1) AS uploaded`,
    [id, chunkNo, size],
  );
  const row = r.rows[0];
  return { state: row.state, uploaded: (row.uploaded ?? []).map(Number), inserted: Boolean(row.inserted) };
}

/**
 * Exactly one caller wins the assembly: the row moves receiving -> assembling only when every
 * chunk is recorded; concurrent callers find the state already changed and get null.
 */
export async function claimAssembly(q: Queryable, id: string): Promise<UploadRow | null> {
  const r = await q.query(
    `UPDATE uploads u SET state = 'assembling', updated_at = now()
      WHERE u.id = $1 AND u.state = 'receiving'
        AND (SELECT count(*) FROM upload_chunks c WHERE c.upload_id = u.id) = u.total_chunks
      RETURNING ${COLS}`,
    [id],
  );
  return r.rows[0] ? norm(r.rows[0]) : null;
}

export async function findBlob(q: Queryable, sha256: string): Promise<BlobRow | null> {
  const r = await q.query('SELECT sha256, storage_key, size, mime, meta FROM upload_blobs WHERE sha256 = $1', [sha256]);
  return r.rows[0] ? normBlob(r.rows[0]) : null;
}

/** Records a stored original; the first writer of a hash wins, a later one reads the existing row. */
export async function insertBlob(q: Queryable, b: BlobRow): Promise<BlobRow> {
  await q.query(
    `INSERT INTO upload_blobs(sha256, storage_key, size, mime, meta) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (sha256) DO NOTHING`,
    [b.sha256, b.storage_key, b.size, b.mime, JSON.stringify(b.meta)],
  );
  return (await findBlob(q, b.sha256))!;
}

/** assembling (or, for an instant upload, receiving) -> complete, pointing at the blob; chunk rows go. */
export async function completeUpload(db: Db, id: string, sha256: string): Promise<boolean> {
  return db.tx(async (q) => {
    const r = await q.query(
      `UPDATE uploads SET state = 'complete', sha256 = $2, error = NULL, proof_offset = NULL, proof_length = NULL,
              updated_at = now(), completed_at = now()
        WHERE id = $1 AND state IN ('receiving', 'assembling')`,
      [id, sha256],
    );
    await q.query('DELETE FROM upload_chunks WHERE upload_id = $1', [id]);
    return r.rowCount > 0;
  });
}

/** assembling -> failed with the Chinese reason (content refused, size or hash mismatch). */
export async function failUpload(db: Db, id: string, reason: string): Promise<void> {
  await db.tx(async (q) => {
    await q.query(
      `UPDATE uploads SET state = 'failed', error = $2, updated_at = now() WHERE id = $1 AND state = 'assembling'`,
      [id, reason],
    );
    await q.query('DELETE FROM upload_chunks WHERE upload_id = $1', [id]);
  });
}

/** assembling -> receiving after a transient failure, so a later request assembles again. */
export async function releaseAssembly(q: Queryable, id: string): Promise<void> {
  await q.query(`UPDATE uploads SET state = 'receiving', updated_at = now() WHERE id = $1 AND state = 'assembling'`, [
    id,
  ]);
}

/** The user's own unfinished upload -> cancelled; its chunk rows go (the caller deletes the bytes). */
export async function cancelUpload(db: Db, id: string, userId: number): Promise<boolean> {
  return db.tx(async (q) => {
    const r = await q.query(
      `UPDATE uploads SET state = 'cancelled', updated_at = now() WHERE id = $1 AND user_id = $2 AND state = 'receiving'`,
      [id, userId],
    );
    if (r.rowCount) await q.query('DELETE FROM upload_chunks WHERE upload_id = $1', [id]);
    return r.rowCount > 0;
  });
}

/** Unfinished uploads past their expiry -> expired; returns their ids (the sweep deletes their chunks). */
export async function expireUploads(q: Queryable): Promise<string[]> {
  const r = await q.query<{ id: string }>(
    `UPDATE uploads SET state = 'expired', updated_at = now() WHERE state = 'receiving' AND expires_at < now() RETURNING id`,
  );
  if (r.rows.length)
    await q.query('DELETE FROM upload_chunks WHERE upload_id = ANY($1::text[])', [r.rows.map((x) => x.id)]);
  return r.rows.map((x) => x.id);
}

/** Assemblies whose process died (older than the given seconds) go back to receiving; returns their ids. */
export async function releaseStaleAssemblies(q: Queryable, olderThanSeconds: number): Promise<string[]> {
  const r = await q.query<{ id: string }>(
    `UPDATE uploads SET state = 'receiving', updated_at = now()
      WHERE state = 'assembling' AND updated_at < now() - make_interval(secs => $1) RETURNING id`,
    [olderThanSeconds],
  );
  return r.rows.map((x) => x.id);
}

/** Ids of finished uploads (any end state) among the given ones: their chunk keys may be deleted. */
export async function finishedAmong(q: Queryable, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const r = await q.query<{ id: string }>(
    `SELECT id FROM uploads WHERE id = ANY($1::text[]) AND state NOT IN ('receiving', 'assembling')`,
    [ids],
  );
  const known = await q.query<{ id: string }>('SELECT id FROM uploads WHERE id = ANY($1::text[])', [ids]);
  const knownIds = new Set(known.rows.map((x) => x.id));
  // Keys of an id the database does not know at all are orphans too.
  return [...r.rows.map((x) => x.id), ...ids.filter((id) => !knownIds.has(id))];
}

/** True when the user already completed an upload of this content (instant upload needs no proof). */
export async function userHasBlob(q: Queryable, userId: number, sha256: string): Promise<boolean> {
  const r = await q.query(`SELECT 1 FROM uploads WHERE user_id = $1 AND sha256 = $2 AND state = 'complete' LIMIT 1`, [
    userId,
    sha256,
  ]);
  return r.rows.length > 0;
}

export async function setProofChallenge(q: Queryable, id: string, offset: number, length: number): Promise<void> {
  await q.query('UPDATE uploads SET proof_offset = $2, proof_length = $3 WHERE id = $1', [id, offset, length]);
}

/** Takes (and clears) the upload's challenge, so each challenge is answered at most once. */
export async function takeProofChallenge(
  q: Queryable,
  id: string,
  userId: number,
): Promise<{ offset: number; length: number } | null> {
  const r = await q.query<{ proof_offset: number; proof_length: number }>(
    `UPDATE uploads u SET proof_offset = NULL, proof_length = NULL
       FROM (SELECT id, proof_offset, proof_length FROM uploads
              WHERE id = $1 AND user_id = $2 AND state = 'receiving' AND proof_offset IS NOT NULL FOR UPDATE) old
      WHERE u.id = old.id RETURNING old.proof_offset, old.proof_length`,
    [id, userId],
  );
  const row = r.rows[0];
  return row ? { offset: Number(row.proof_offset), length: Number(row.proof_length) } : null;
}
