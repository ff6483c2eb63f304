import type { Queryable } from '../db/index.js';

/**
 * Multi-index hashing: 256 bits as 16 bands of 16 bits. Two hashes within distance 31 differ in
 * at most 1 bit in at least one band (pigeonhole: 16 bands x 2 bits = 32 > 31), so probing every
 * band's exact value and its 16 one-bit neighbours finds every match. Each key packs the band
 * number into the high bits (band << 16 | value); the index stores each band in its own column.
 */
export const BAND_COUNT = 16;

export function bandKeys(hex: string): number[] {
  const keys: number[] = [];
  for (let b = 0; b < BAND_COUNT; b++) keys.push((b << 16) | parseInt(hex.slice(b * 4, b * 4 + 4), 16));
  return keys;
}

/**
 * SQL of the fingerprint index (monitor_fingerprints, monitor_fingerprinted). The multi-index
 * bands live in sixteen btree-indexed columns b0..b15 (migration 990 says why not a GIN int[]).
 */
const BAND_COLUMNS = Array.from({ length: BAND_COUNT }, (_, b) => `b${b}`);
/** A packed band key (band << 16 | value, see hash256.ts) split into its band and value. */
const bandOf = (key: number) => key >>> 16;
const valueOf = (key: number) => key & 0xffff;

export interface StoredFrame {
  frame: number;
  t: number;
  hash: string;
  quality: number;
}

/** Replaces a work's fingerprints and marks it done (idempotent: a re-run rewrites the same rows). */
export async function saveFingerprints(
  q: Queryable,
  workId: number,
  kind: 'image' | 'video',
  frames: StoredFrame[],
): Promise<void> {
  await q.query('DELETE FROM monitor_fingerprints WHERE work_id = $1', [workId]);
  if (frames.length) {
    await q.query(
      `INSERT INTO monitor_fingerprints (work_id, frame, t, hash, quality, ${BAND_COLUMNS.join(', ')})
       SELECT $1, f.frame, f.t, f.hash, f.quality, ${BAND_COLUMNS.map((_, b) => `(f.bands->>${b})::int`).join(', ')}
       FROM jsonb_to_recordset($2::jsonb) AS f(frame int, t real, hash text, quality smallint, bands jsonb)`,
      [workId, JSON.stringify(frames.map((f) => ({ ...f, bands: bandKeys(f.hash).map(valueOf) })))],
    );
  }
  await q.query(
    `INSERT INTO monitor_fingerprinted (work_id, kind, frames, state) VALUES ($1, $2, $3, 'ready')
     ON CONFLICT (work_id) DO UPDATE SET kind = EXCLUDED.kind, frames = EXCLUDED.frames, state = 'ready', error = NULL, updated_at = now()`,
    [workId, kind, frames.length],
  );
}

export async function markFingerprintFailed(
  q: Queryable,
  workId: number,
  kind: 'image' | 'video',
  error: string,
): Promise<void> {
  await q.query(
    `INSERT INTO monitor_fingerprinted (work_id, kind, state, error) VALUES ($1, $2, 'failed', $3)
     ON CONFLICT (work_id) DO UPDATE SET state = 'failed', error = EXCLUDED.error, updated_at = now()`,
    [workId, kind, error.slice(0, 500)],
  );
}

/** Approved works (optionally of some ids) with a stored original and no fingerprints yet. */
export async function worksToFingerprint(
  q: Queryable,
  limit: number,
  workIds?: number[],
): Promise<Array<{ id: number; type: number; original: string }>> {
  const r = await q.query<{ id: string; type: number; original: string }>(
    `SELECT m.id, m.type, COALESCE(mm.original_key, m.original_path) AS original
     FROM materials m LEFT JOIN material_media mm ON mm.material_id = m.id
     WHERE m.status = 1 AND COALESCE(mm.original_key, m.original_path) IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM monitor_fingerprinted f WHERE f.work_id = m.id)
       AND ($2::bigint[] IS NULL OR m.id = ANY($2::bigint[]))
     ORDER BY m.id LIMIT $1`,
    [limit, workIds ?? null],
  );
  return r.rows.map((x) => ({ id: Number(x.id), type: Number(x.type), original: x.original }));
}

export interface Candidate {
  workId: number;
  frame: number;
  hash: string;
}

/**
 * Fingerprints sharing at least one band key with the probes (see probeKeys): each band column's
 * btree answers `bN = ANY(that band's probed values)`, and the sixteen scans are OR-ed as bitmaps,
 * so only rows in the probed buckets are read. Optionally limited to some works (a plan's). The
 * caller checks the real distance.
 */
export async function bandCandidates(q: Queryable, probes: number[], workIds?: number[]): Promise<Candidate[]> {
  const { text, values } = bandCandidatesQuery(probes, workIds);
  const r = await q.query<{ work_id: string; frame: number; hash: string }>(text, values);
  return r.rows.map((x) => ({ workId: Number(x.work_id), frame: Number(x.frame), hash: x.hash }));
}

/** The statement bandCandidates runs (exported so a test can check its plan uses the indexes). */
export function bandCandidatesQuery(probes: number[], workIds?: number[]): { text: string; values: unknown[] } {
  const perBand: number[][] = BAND_COLUMNS.map(() => []);
  for (const k of probes) perBand[bandOf(k)].push(valueOf(k));
  return {
    text: `SELECT work_id, frame, hash FROM monitor_fingerprints
     WHERE (${BAND_COLUMNS.map((c, b) => `${c} = ANY($${b + 2}::int[])`).join(' OR ')})
       AND ($1::bigint[] IS NULL OR work_id = ANY($1::bigint[]))`,
    values: [workIds ?? null, ...perBand],
  };
}

export async function workFrames(q: Queryable, workId: number): Promise<StoredFrame[]> {
  const r = await q.query<StoredFrame>(
    'SELECT frame, t, hash, quality FROM monitor_fingerprints WHERE work_id = $1 ORDER BY frame',
    [workId],
  );
  return r.rows.map((x) => ({ frame: Number(x.frame), t: Number(x.t), hash: x.hash, quality: Number(x.quality) }));
}
