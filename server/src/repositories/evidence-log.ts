import type { Queryable } from '../db/index.js';

/** SQL of the evidence log (migration 820): leaves, stored subtree hashes, checkpoints. */

export interface LogLeafRow {
  idx: number;
  leaf: Buffer;
  cert_no: string | null;
  payload: Record<string, unknown>;
  created_at: Date;
}

export interface CheckpointRow {
  tree_size: number;
  root_hash: Buffer;
  note: string;
  tsa_token: Buffer | null;
  created_at: Date;
}

const toBuf = (v: unknown) => (Buffer.isBuffer(v) ? v : Buffer.from(v as Uint8Array));
const leafRow = (r: any): LogLeafRow => ({ ...r, idx: Number(r.idx), leaf: toBuf(r.leaf) });
const checkpointRow = (r: any): CheckpointRow => ({
  ...r,
  tree_size: Number(r.tree_size),
  root_hash: toBuf(r.root_hash),
  tsa_token: r.tsa_token == null ? null : toBuf(r.tsa_token),
});

/**
 * Takes the append lock (held until the transaction ends): callers that time-stamp their leaf
 * after this get leaf times in log order.
 */
export async function lockForAppend(q: Queryable): Promise<void> {
  await q.query('LOCK TABLE evidence_log_leaves IN EXCLUSIVE MODE');
}

/** Appends one leaf (and the subtree hashes it completes); returns its index. Call inside a transaction. */
export async function appendLeaf(
  q: Queryable,
  leaf: Buffer,
  certNo: string | null,
  payload: Record<string, unknown>,
  at: Date,
): Promise<number> {
  const r = await q.query<{ idx: number }>('SELECT evidence_log_append($1, $2, $3, $4) AS idx', [
    leaf,
    certNo,
    JSON.stringify(payload),
    at,
  ]);
  return Number(r.rows[0].idx);
}

export async function logSize(q: Queryable): Promise<number> {
  return Number(
    (await q.query<{ n: number }>('SELECT coalesce(max(idx) + 1, 0) AS n FROM evidence_log_leaves')).rows[0].n,
  );
}

/** Stored subtree hashes by (level, idx), keyed "level:idx". */
export async function readNodes(q: Queryable, coords: Array<[number, number]>): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  if (!coords.length) return out;
  const r = await q.query<{ level: number; idx: number; hash: Buffer }>(
    `SELECT n.level, n.idx, n.hash FROM evidence_log_nodes n
      JOIN unnest($1::smallint[], $2::bigint[]) AS w(level, idx) ON n.level = w.level AND n.idx = w.idx`,
    [coords.map((c) => c[0]), coords.map((c) => c[1])],
  );
  for (const row of r.rows) out.set(`${Number(row.level)}:${Number(row.idx)}`, toBuf(row.hash));
  return out;
}

export async function leafAt(q: Queryable, idx: number): Promise<LogLeafRow | undefined> {
  const r = (
    await q.query('SELECT idx, leaf, cert_no, payload, created_at FROM evidence_log_leaves WHERE idx = $1', [idx])
  ).rows[0];
  return r ? leafRow(r) : undefined;
}

export async function leafByCertNo(q: Queryable, certNo: string): Promise<LogLeafRow | undefined> {
  const r = (
    await q.query(
      'SELECT idx, leaf, cert_no, payload, created_at FROM evidence_log_leaves WHERE cert_no = $1 ORDER BY idx LIMIT 1',
      [certNo],
    )
  ).rows[0];
  return r ? leafRow(r) : undefined;
}

export async function latestCheckpointRow(q: Queryable): Promise<CheckpointRow | undefined> {
  const r = (await q.query('SELECT * FROM evidence_checkpoints ORDER BY tree_size DESC LIMIT 1')).rows[0];
  return r ? checkpointRow(r) : undefined;
}

export async function checkpointAt(q: Queryable, treeSize: number): Promise<CheckpointRow | undefined> {
  const r = (await q.query('SELECT * FROM evidence_checkpoints WHERE tree_size = $1', [treeSize])).rows[0];
  return r ? checkpointRow(r) : undefined;
}

/** Records a checkpoint once per tree size: a racing writer of the same size changes nothing. */
export async function insertCheckpoint(
  q: Queryable,
  c: { treeSize: number; rootHash: Buffer; note: string },
): Promise<void> {
  await q.query(
    'INSERT INTO evidence_checkpoints(tree_size, root_hash, note) VALUES ($1,$2,$3) ON CONFLICT (tree_size) DO NOTHING',
    [c.treeSize, c.rootHash, c.note],
  );
}

export async function setCheckpointTimestamp(q: Queryable, treeSize: number, token: Buffer): Promise<void> {
  await q.query('UPDATE evidence_checkpoints SET tsa_token = $2 WHERE tree_size = $1 AND tsa_token IS NULL', [
    treeSize,
    token,
  ]);
}

/** Published checkpoints, newest first, below `before` (a tree size) when given. */
export async function listCheckpoints(
  q: Queryable,
  opts: { before?: number; limit: number },
): Promise<CheckpointRow[]> {
  const r = await q.query(
    'SELECT * FROM evidence_checkpoints WHERE ($1::bigint IS NULL OR tree_size < $1) ORDER BY tree_size DESC LIMIT $2',
    [opts.before ?? null, opts.limit],
  );
  return r.rows.map(checkpointRow);
}

/** The oldest checkpoint whose tree contains leaf `leafIndex`. */
export async function firstCheckpointCovering(q: Queryable, leafIndex: number): Promise<CheckpointRow | undefined> {
  const r = (
    await q.query('SELECT * FROM evidence_checkpoints WHERE tree_size > $1 ORDER BY tree_size LIMIT 1', [leafIndex])
  ).rows[0];
  return r ? checkpointRow(r) : undefined;
}

/** The log's size, the newest checkpoint's size and when it was signed (Unix seconds; null before the first), for /metrics. */
export async function evidenceLogStats(
  q: Queryable,
): Promise<{ leaves: number; signedSize: number; checkpointSignedAt: number | null }> {
  const r = await q.query<{ leaves: number; signed: number | null; at: number | null }>(
    `SELECT (SELECT coalesce(max(idx) + 1, 0) FROM evidence_log_leaves)::int8 AS leaves,
            c.tree_size AS signed, extract(epoch FROM c.created_at)::float8 AS at
       FROM (SELECT 1) one
       LEFT JOIN (SELECT tree_size, created_at FROM evidence_checkpoints ORDER BY tree_size DESC LIMIT 1) c ON true`,
  );
  const row = r.rows[0];
  return {
    leaves: Number(row.leaves),
    signedSize: Number(row.signed ?? 0),
    checkpointSignedAt: row.at === null ? null : Number(row.at),
  };
}

/** Stores a witness's cosignature line of a checkpoint once (a second answer changes nothing). */
export async function insertCosignature(q: Queryable, treeSize: number, witnessKey: string, line: string) {
  await q.query(
    `INSERT INTO evidence_cosignatures(tree_size, witness_key, line) VALUES ($1, $2, $3)
     ON CONFLICT (tree_size, witness_key) DO NOTHING`,
    [treeSize, witnessKey, line],
  );
}

/** The cosignature lines of a checkpoint, by witness key. */
export async function cosignaturesAt(q: Queryable, treeSize: number): Promise<Map<string, string>> {
  const r = await q.query<{ witness_key: string; line: string }>(
    'SELECT witness_key, line FROM evidence_cosignatures WHERE tree_size = $1 ORDER BY witness_key',
    [treeSize],
  );
  return new Map(r.rows.map((x) => [x.witness_key, x.line]));
}

/** The largest tree size a witness key cosigned (0 when none): the old size of the next request. */
export async function lastCosignedSize(q: Queryable, witnessKey: string): Promise<number> {
  const r = await q.query<{ n: string | number | null }>(
    'SELECT max(tree_size) AS n FROM evidence_cosignatures WHERE witness_key = $1',
    [witnessKey],
  );
  return Number(r.rows[0]?.n ?? 0);
}
