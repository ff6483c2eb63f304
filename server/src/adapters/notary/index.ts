import type { Config } from '../../config.js';
import type { Queryable } from '../../db/index.js';
import { officeKey } from '../sandbox-office.js';
import { SandboxNotary } from './sandbox.js';

export type { NotaryApplication, NotaryDecision, NotaryOffice } from './types.js';

/**
 * The notary office this server applies to. Only the sandbox exists today; a real adapter
 * implementing NotaryOffice (./types.ts) replaces it here once an office's platform is contracted.
 */
export function notaryOffice(config: Config, db: Queryable): SandboxNotary {
  return new SandboxNotary(officeKey(config, 'notary'), db);
}
