import path from 'node:path';
import { SandboxTimestampAuthority } from './sandbox.js';
import type { TimestampAuthority } from './types.js';

export type { TimestampAuthority } from './types.js';

const cache = new Map<string, TimestampAuthority>();

/** The configured TSA: the sandbox (keys in DATA_DIR/evidence/tsa) unless a real one is configured. */
export function timestampAuthorityOf(config: { dataDir: string }): TimestampAuthority {
  const dir = path.join(config.dataDir, 'evidence', 'tsa');
  let tsa = cache.get(dir);
  if (!tsa) {
    tsa = new SandboxTimestampAuthority(dir);
    cache.set(dir, tsa);
  }
  return tsa;
}
