import crypto from 'node:crypto';

/**
 * RFC 9162 §2.1 tree arithmetic over stored complete subtrees. A complete subtree is addressed
 * as (level, idx): leaves [idx * 2^level, (idx + 1) * 2^level). Every function takes a getter of
 * stored subtree hashes, so a caller first collects the addresses it needs (planNodes), reads
 * them in one query, then computes: at most ~2 log2(n) rows per proof whatever the log's size.
 */
export type NodeGetter = (level: number, idx: number) => Buffer;

export const leafHash = (leaf: Uint8Array) =>
  crypto
    .createHash('sha256')
    .update(Buffer.from([0]))
    .update(leaf)
    .digest();
export const nodeHash = (l: Uint8Array, r: Uint8Array) =>
  crypto
    .createHash('sha256')
    .update(Buffer.from([1]))
    .update(l)
    .update(r)
    .digest();

/** The largest power of two strictly below n (n >= 2). */
const splitOf = (n: number) => 2 ** Math.floor(Math.log2(n - 1));

/** MTH of leaves [start, end); start is a multiple of the largest power of two <= end - start. */
export function subtreeHash(get: NodeGetter, start: number, end: number): Buffer {
  const n = end - start;
  if (n <= 0) throw new Error('empty range');
  if ((n & (n - 1)) === 0 && start % n === 0) return get(Math.log2(n), start / n);
  const k = splitOf(n);
  return nodeHash(subtreeHash(get, start, start + k), subtreeHash(get, start + k, end));
}

/** RFC 9162 MTH of the first n leaves (the empty tree hashes to SHA-256 of nothing). */
export function rootHash(get: NodeGetter, n: number): Buffer {
  return n === 0 ? crypto.createHash('sha256').digest() : subtreeHash(get, 0, n);
}

/** RFC 9162 §2.1.3.1 PATH(m, D[start:end]). */
export function inclusionPath(get: NodeGetter, m: number, start: number, end: number): Buffer[] {
  const n = end - start;
  if (n === 1) return [];
  const k = splitOf(n);
  return m < k
    ? [...inclusionPath(get, m, start, start + k), subtreeHash(get, start + k, end)]
    : [...inclusionPath(get, m - k, start + k, end), subtreeHash(get, start, start + k)];
}

/** RFC 9162 §2.1.4.1 SUBPROOF(m, D[start:end], b). */
function subproof(get: NodeGetter, m: number, start: number, end: number, b: boolean): Buffer[] {
  const n = end - start;
  if (m === n) return b ? [] : [subtreeHash(get, start, end)];
  const k = splitOf(n);
  return m <= k
    ? [...subproof(get, m, start, start + k, b), subtreeHash(get, start + k, end)]
    : [...subproof(get, m - k, start + k, end, false), subtreeHash(get, start, start + k)];
}

/** RFC 9162 §2.1.4.1 PROOF(m, D[n]) for 0 < m <= n (empty when m = n). */
export function consistencyPath(get: NodeGetter, m: number, n: number): Buffer[] {
  if (m <= 0 || m > n) throw new Error('consistency needs 0 < from <= to');
  return m === n ? [] : subproof(get, m, 0, n, true);
}

/** The stored subtrees a computation reads: run it against this getter, then fetch them. */
export function planNodes(compute: (get: NodeGetter) => unknown): Array<[number, number]> {
  const seen = new Map<string, [number, number]>();
  const zero = Buffer.alloc(32);
  compute((level, idx) => {
    seen.set(`${level}:${idx}`, [level, idx]);
    return zero;
  });
  return [...seen.values()];
}
