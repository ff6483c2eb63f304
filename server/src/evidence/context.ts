import { timestampAuthorityOf, type TimestampAuthority } from '../adapters/tsa/index.js';
import { logSignerOf, type NoteSigner } from './note-signer.js';

/** What publishing the log needs: the checkpoint signer and the timestamp authority. */
export interface EvidenceKeys {
  signer: NoteSigner;
  tsa: TimestampAuthority | null;
}

/** This server's evidence keys, from its configuration (both cached per data folder / key). */
export const evidenceKeysOf = (config: Parameters<typeof logSignerOf>[0] & Parameters<typeof timestampAuthorityOf>[0]): EvidenceKeys => ({
  signer: logSignerOf(config),
  tsa: timestampAuthorityOf(config),
});
