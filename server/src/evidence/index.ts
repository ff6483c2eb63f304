/**
 * The evidence log: an RFC 9162 Merkle tree of evidence leaves (append, inclusion and
 * consistency proofs), signed checkpoints (C2SP tlog-checkpoint as C2SP signed notes), trusted
 * timestamps of checkpoints (RFC 3161) and offline receipts. Business flows append through
 * `appendBlock` (repositories/ledger.ts) or `commitDeposit`; nothing else writes the log.
 * SQL stays in repositories/evidence-log.ts; HTTP in routes/ledger.ts.
 */
export { encodeLeaf, parseLeaf, type LeafFields } from './leaf.js';
export { inclusionProof, consistencyProof, rootAt } from './proofs.js';
export { latestCheckpoint, ensureCheckpoint } from './checkpoints.js';
