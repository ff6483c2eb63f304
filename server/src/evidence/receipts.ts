import type { Db } from '../db/index.js';
import { firstCheckpointCovering, leafByCertNo } from '../repositories/evidence-log.js';
import { witnessedCheckpoint } from './witnesses.js';
import { consistencyProof, inclusionProof } from './proofs.js';
import { parseLeaf } from './leaf.js';
import type { EvidenceKeys } from './context.js';
import {
  RECEIPT_FORMAT,
  parseCheckpoint,
  parseNote,
  parseVerifierKey,
  rootFromInclusionProof,
  leafHash,
  verifyConsistency,
  verifyNoteSignature,
  type EvidenceReceipt,
} from '../../../verify-receipt.mjs';

/**
 * The evidence receipt (documented in docs/evidence-log.md): everything an offline verifier
 * needs to check one certificate's file against the signed log, without asking Lumen again.
 * Also the body of GET /api/protection/ledger/proof.
 */
export async function receiptFor(
  db: Db,
  keys: EvidenceKeys,
  certNo: string,
  verifyUrl?: string,
): Promise<EvidenceReceipt | null> {
  const leaf = await leafByCertNo(db, certNo);
  if (!leaf) return null;
  const { row: cp, cosignatures } = await witnessedCheckpoint(db, keys);
  const certs = keys.tsa?.certificates();
  const path = await inclusionProof(db, leaf.idx, cp.tree_size);
  return {
    format: RECEIPT_FORMAT,
    certNo,
    sha256: parseLeaf(leaf.leaf)?.sha256 ?? '',
    leafIndex: leaf.idx,
    leaf: leaf.leaf.toString('base64'),
    treeSize: cp.tree_size,
    inclusionPath: path.map((h) => h.toString('base64')),
    checkpoint: cp.note,
    logKey: keys.signer.verifierKey,
    timestamp: cp.tsa_token
      ? {
          token: cp.tsa_token.toString('base64'),
          tsaCertificate: certs?.tsa ?? undefined,
          tsaRootCertificate: certs?.ca ?? undefined,
        }
      : null,
    ...(verifyUrl ? { verifyUrl } : {}),
    ...(cosignatures.length ? { cosignatures } : {}),
  };
}

export interface RecordCheck {
  valid: boolean;
  reason: string;
  leafIndex: number;
  leafHash: string | null;
  treeSize: number;
}

/**
 * The server's own check of a certificate (the public certificate page): its leaf says what the
 * record says, the leaf is in the latest signed tree, and that tree extends the first checkpoint
 * that covered the leaf. A user need not trust this: the receipt verifies offline.
 */
export async function checkRecord(
  db: Db,
  keys: EvidenceKeys,
  rec: { certNo: string; sha256: string },
): Promise<RecordCheck> {
  const signer = keys.signer;
  const receipt = await receiptFor(db, keys, rec.certNo);
  if (!receipt) return { valid: false, reason: '存证日志中没有该证书', leafIndex: -1, leafHash: null, treeSize: 0 };
  const leafBytes = Buffer.from(receipt.leaf, 'base64');
  const lh = await leafHash(leafBytes);
  const base = { leafIndex: receipt.leafIndex, leafHash: Buffer.from(lh).toString('hex'), treeSize: receipt.treeSize };
  const fail = (reason: string) => ({ valid: false, reason, ...base });
  const leaf = parseLeaf(leafBytes);
  if (!leaf || leaf.sha256 !== rec.sha256 || leaf.certNo !== rec.certNo) return fail('存证记录与日志叶子不一致');
  const cp = parseCheckpoint(parseNote(receipt.checkpoint)?.text ?? '');
  const key = await parseVerifierKey(signer.verifierKey);
  if (!cp || !key || !(await verifyNoteSignature(receipt.checkpoint, key))) return fail('检查点签名无效');
  const root = await rootFromInclusionProof(
    receipt.leafIndex,
    receipt.treeSize,
    lh,
    receipt.inclusionPath.map((p) => Buffer.from(p, 'base64')),
  );
  if (!root || !Buffer.from(root).equals(Buffer.from(cp.root))) return fail('默克尔包含证明不成立：日志已被改写');
  const first = await firstCheckpointCovering(db, receipt.leafIndex);
  if (first && first.tree_size < receipt.treeSize) {
    const path = await consistencyProof(db, first.tree_size, receipt.treeSize);
    if (!(await verifyConsistency(first.tree_size, receipt.treeSize, first.root_hash, Buffer.from(cp.root), path))) {
      return fail(`日志与第 ${first.tree_size} 号检查点不一致：历史记录被改写或截断`);
    }
  }
  return { valid: true, reason: '校验通过：存证记录包含在已签名的默克尔日志中', ...base };
}
