import type { Config } from '../../config.js';
import type { Queryable } from '../../db/index.js';
import { officeKey } from '../sandbox-office.js';
import { SandboxAuthority } from './sandbox.js';

export type { AuthorityApplication, AuthorityDecision, CopyrightAuthority } from './types.js';

/**
 * The copyright authority this server files with. Only the sandbox exists today; a real adapter
 * implementing CopyrightAuthority (./types.ts) replaces it here when agent credentials are configured.
 */
export function copyrightAuthority(config: Config, db: Queryable): SandboxAuthority {
  return new SandboxAuthority(officeKey(config, 'authority'), db);
}
