import path from 'node:path';
import { HttpTimestampAuthority } from './http.js';
import { SandboxTimestampAuthority } from './sandbox.js';
import type { TimestampAuthority } from './types.js';

export type { TimestampAuthority } from './types.js';

const cache = new Map<string, TimestampAuthority>();

/**
 * The configured TSA: a real one at `tsa.url` (TSA_URL, with its published certificates from
 * TSA_CERT_FILE / TSA_ROOT_CERT_FILE), else the sandbox with keys in DATA_DIR/evidence/tsa.
 */
export function timestampAuthorityOf(config: {
  dataDir: string;
  tsa?: { url?: string; certificate?: string; rootCertificate?: string };
}): TimestampAuthority {
  const key = config.tsa?.url ?? path.join(config.dataDir, 'evidence', 'tsa');
  let tsa = cache.get(key);
  if (!tsa) {
    tsa = config.tsa?.url
      ? new HttpTimestampAuthority(config.tsa.url, {
          tsa: config.tsa.certificate ?? null,
          ca: config.tsa.rootCertificate ?? null,
        })
      : new SandboxTimestampAuthority(key);
    cache.set(key, tsa);
  }
  return tsa;
}
