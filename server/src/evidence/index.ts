/**
 * The evidence log: an RFC 9162 Merkle tree of evidence leaves (append, inclusion and
 * consistency proofs), signed checkpoints (C2SP tlog-checkpoint as C2SP signed notes), trusted
 * timestamps of checkpoints (RFC 3161, adapters/tsa) and offline receipts (verify-receipt.mjs).
 * Business flows append through `appendBlock` (evidence/ledger.ts) or `commitDeposit`
 * (services/deposit-ledger.ts); nothing else writes the log. SQL stays in
 * repositories/evidence-log.ts, HTTP in routes/ledger.ts. docs/evidence-log.md documents formats.
 */
export { encodeLeaf, parseLeaf, type LeafFields } from './leaf.js';
export { inclusionProof, consistencyProof, rootAt, LogIntegrityError } from './proofs.js';
export { latestCheckpoint, ensureCheckpoint, SignerMismatchError } from './checkpoints.js';
export {
  evidenceLogHealth,
  lastCheckpointFileOf,
  LogRollbackError,
  type EvidenceLogHealth,
} from './last-checkpoint.js';
export { receiptFor, checkRecord } from './receipts.js';
export { evidenceKeysOf, type EvidenceKeys } from './context.js';
