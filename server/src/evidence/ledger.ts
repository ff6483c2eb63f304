import crypto from 'node:crypto';
import type { Queryable } from '../db/index.js';
import { appendLeaf, lockForAppend } from '../repositories/evidence-log.js';
import { encodeLeaf } from './leaf.js';
import { leafHash } from './merkle.js';
import { canonicalJson } from '../security/canonical-json.js';

/** Callers hashing a payload the way the log does import it from here. */
export { canonicalJson };

/**
 * The entry point of every evidence type into the evidence log (server/src/evidence): an RFC 9162
 * Merkle tree since migration 820; the linear hash chain before it (ledger_blocks) became its first leaves.
 */
export interface LedgerBlock {
  /** Leaf index in the log (for migrated chain blocks: their old height). */
  height: number;
  /** Hex RFC 9162 leaf hash, SHA-256(0x00 || leaf). */
  hash: string;
  /** The canonical leaf bytes (evidence/leaf.ts) that receipts publish. */
  leaf: Buffer;
  payload: Record<string, unknown>;
  created_at: Date;
}

/**
 * Appends one evidence record. `payload.type` ([a-z0-9-], e.g. 'evidence-deposit', 'web-capture')
 * names the evidence type, `payload.sha256` the file's SHA-256 (hex) and `payload.certNo` its
 * certificate number; only these and the time are published in the leaf, the whole payload is
 * kept privately beside it. Evidence without a file is committed by the SHA-256 of its payload's
 * canonical JSON. Call inside a transaction: appends are serialised by a table lock until it ends.
 */
export async function appendBlock(q: Queryable, payload: Record<string, unknown>): Promise<LedgerBlock> {
  const type = typeof payload.type === 'string' ? payload.type : 'evidence';
  const sha256 =
    typeof payload.sha256 === 'string'
      ? payload.sha256.toLowerCase()
      : crypto.createHash('sha256').update(canonicalJson(payload)).digest('hex');
  const certNo = typeof payload.certNo === 'string' ? payload.certNo : null;
  await lockForAppend(q);
  const createdAt = new Date();
  const leaf = encodeLeaf({ type, sha256, certNo, time: createdAt });
  const height = await appendLeaf(q, leaf, certNo, payload, createdAt);
  return { height, hash: leafHash(leaf).toString('hex'), leaf, payload, created_at: createdAt };
}
