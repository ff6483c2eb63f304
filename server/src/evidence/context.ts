import { timestampAuthorityOf, type TimestampAuthority } from '../adapters/tsa/index.js';
import { logSignerOf, type NoteSigner } from './note-signer.js';
import { lastCheckpointFileOf } from './last-checkpoint.js';

/**
 * What publishing the log needs: the checkpoint signer, the timestamp authority and the file
 * beside the key holding the last checkpoint signed (last-checkpoint.ts).
 */
export interface EvidenceKeys {
  signer: NoteSigner;
  tsa: TimestampAuthority | null;
  lastCheckpointFile: string;
}

/** This server's evidence keys, from its configuration (both cached per data folder / key). */
export const evidenceKeysOf = (
  config: Parameters<typeof logSignerOf>[0] & Parameters<typeof timestampAuthorityOf>[0],
): EvidenceKeys => ({
  signer: logSignerOf(config),
  tsa: timestampAuthorityOf(config),
  lastCheckpointFile: lastCheckpointFileOf(config.dataDir),
});
