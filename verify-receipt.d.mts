// Types of verify-receipt.mjs (the single-file offline verifier), for the server and the client.
export interface VerifyStep {
  id: string;
  label: string;
  ok: boolean | null;
  detail: string;
}
export interface EvidenceReceipt {
  format: string;
  certNo: string;
  sha256: string;
  leafIndex: number;
  leaf: string;
  treeSize: number;
  inclusionPath: string[];
  checkpoint: string;
  logKey: string;
  timestamp: { token: string; tsaCertificate?: string; tsaRootCertificate?: string } | null;
  verifyUrl?: string;
  /** Witness cosignature lines ("— name base64\n") over `checkpoint`, c2sp.org/tlog-cosignature. */
  cosignatures?: string[];
}
export const RECEIPT_FORMAT: string;
export function toHex(b: Uint8Array): string;
export function fromBase64(s: string): Uint8Array;
export function sha256(bytes: Uint8Array): Promise<Uint8Array>;
export function leafHash(leaf: Uint8Array): Promise<Uint8Array>;
export function nodeHash(l: Uint8Array, r: Uint8Array): Promise<Uint8Array>;
export function rootFromInclusionProof(
  index: number,
  size: number,
  leafHash: Uint8Array,
  path: Uint8Array[],
): Promise<Uint8Array | null>;
export function verifyConsistency(
  first: number,
  second: number,
  root1: Uint8Array,
  root2: Uint8Array,
  path: Uint8Array[],
): Promise<boolean>;
export function parseLeaf(
  bytes: Uint8Array,
): { type: string; sha256: string; certNo: string | null; time: string } | null;
export function parseNote(note: string): { text: string; sigs: Array<{ name: string; sig: Uint8Array }> } | null;
export function parseCheckpoint(text: string): { origin: string; size: number; root: Uint8Array } | null;
export function parseVerifierKey(vkey: string): Promise<{ name: string; id: Uint8Array; publicKey: Uint8Array } | null>;
export function verifyNoteSignature(
  note: string,
  key: { name: string; id: Uint8Array; publicKey: Uint8Array },
): Promise<boolean>;
export function verifyReceipt(
  fileBytes: Uint8Array,
  receipt: unknown,
  pinnedKey?: string,
  witnessing?: { witnesses?: string[]; quorum?: number; fileSha256?: string },
): Promise<{ ok: boolean; steps: VerifyStep[] }>;
export function parseCosignerKey(vkey: string): Promise<{ name: string; id: Uint8Array; publicKey: Uint8Array } | null>;
export function cosignedMessage(text: string, time: number): Uint8Array;
export function verifyCosignature(
  note: string,
  key: { name: string; id: Uint8Array; publicKey: Uint8Array },
): Promise<number | null>;
export function witnessesOf(note: string, witnessKeys: string[]): Promise<{ names: string[]; missing: string[] }>;
export function verifyTimestampToken(
  token: Uint8Array,
  data: Uint8Array,
): Promise<{ ok: boolean; detail: string; time?: string }>;
export function verifyCheckpointConsistency(
  oldNote: string,
  newNote: string,
  proof: { from: number; to: number; path: string[] } | null,
  pinnedKey?: string,
): Promise<{ ok: boolean; steps: VerifyStep[] }>;
