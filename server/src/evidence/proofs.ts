import type { Queryable } from '../db/index.js';
import { AppError } from '../http/envelope.js';
import { readNodes } from '../repositories/evidence-log.js';
import { consistencyPath, inclusionPath, planNodes, rootHash, type NodeGetter } from './merkle.js';

/**
 * The stored log contradicts itself (rows deleted behind the append-only triggers): refuse to
 * sign or prove anything rather than publish a checkpoint that hides it.
 */
export class LogIntegrityError extends AppError {
  constructor(detail: string) {
    super(503, '存证日志完整性异常，已停止签发证明，请联系平台');
    this.cause = detail;
  }
}

/** Runs a tree computation over the stored subtrees it needs, read in one query. */
async function withNodes<T>(q: Queryable, compute: (get: NodeGetter) => T): Promise<T> {
  const nodes = await readNodes(q, planNodes(compute));
  return compute((level, idx) => {
    const h = nodes.get(`${level}:${idx}`);
    // A missing subtree means rows were deleted behind the append-only trigger's back.
    if (!h) throw new LogIntegrityError(`evidence log subtree ${level}:${idx} is missing`);
    return h;
  });
}

/** Root hash of the first `treeSize` leaves. */
export const rootAt = (q: Queryable, treeSize: number) => withNodes(q, (get) => rootHash(get, treeSize));

/** RFC 9162 inclusion proof of leaf `index` in the tree of `treeSize` leaves. */
export const inclusionProof = (q: Queryable, index: number, treeSize: number) =>
  withNodes(q, (get) => inclusionPath(get, index, 0, treeSize));

/** RFC 9162 consistency proof from tree size `from` to `to`. */
export const consistencyProof = (q: Queryable, from: number, to: number) =>
  withNodes(q, (get) => consistencyPath(get, from, to));
