import { leafHash, nodeHash, type NodeGetter } from '../../server/src/evidence/merkle.js';

/** An in-memory store of every complete subtree of `leaves`, as the database keeps them. */
export function storeOf(leaves: Uint8Array[]): NodeGetter {
  const nodes = new Map<string, Buffer>();
  leaves.forEach((l, i) => nodes.set(`0:${i}`, leafHash(l)));
  for (let level = 1; 2 ** level <= leaves.length; level++) {
    for (let i = 0; (i + 1) * 2 ** level <= leaves.length; i++) {
      nodes.set(
        `${level}:${i}`,
        nodeHash(nodes.get(`${level - 1}:${2 * i}`)!, nodes.get(`${level - 1}:${2 * i + 1}`)!),
      );
    }
  }
  return (level, idx) => {
    const h = nodes.get(`${level}:${idx}`);
    if (!h) throw new Error(`no subtree ${level}:${idx}`);
    return h;
  };
}
