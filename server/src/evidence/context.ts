import { timestampAuthorityOf, type TimestampAuthority } from '../adapters/tsa/index.js';
import { logSignerOf, type NoteSigner } from './note-signer.js';
import { lastCheckpointFileOf } from './last-checkpoint.js';

/** A witness this log asks to cosign its checkpoints: where it listens and its pinned verifier key. */
export interface WitnessPeer {
  url: string;
  key: string;
}

/**
 * What publishing the log needs: the checkpoint signer, the timestamp authority and the file
 * beside the key holding the last checkpoint signed (last-checkpoint.ts).
 */
export interface EvidenceKeys {
  signer: NoteSigner;
  tsa: TimestampAuthority | null;
  lastCheckpointFile: string;
  /** Witnesses asked to cosign new checkpoints (none: the log's own signature only). */
  witnesses: WitnessPeer[];
}

/** This server's evidence keys, from its configuration (both cached per data folder / key). */
export const evidenceKeysOf = (
  config: Parameters<typeof logSignerOf>[0] &
    Parameters<typeof timestampAuthorityOf>[0] & { evidenceLog: { witnesses?: WitnessPeer[] } },
): EvidenceKeys => ({
  signer: logSignerOf(config),
  tsa: timestampAuthorityOf(config),
  lastCheckpointFile: lastCheckpointFileOf(config.dataDir),
  witnesses: config.evidenceLog.witnesses ?? [],
});
