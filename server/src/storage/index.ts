import path from 'node:path';
import type { Config } from '../config.js';
import { LocalStorage } from './local.js';
import type { ObjectStore } from './types.js';

export type { ObjectStore, StoredObject, DownloadOptions } from './types.js';
export { LocalStorage } from './local.js';

/** The configured store: local disk under DATA_DIR/files (the S3 implementation joins here). */
export function openStorage(config: Config): ObjectStore & Partial<Pick<LocalStorage, 'pathOf' | 'root'>> {
  return new LocalStorage(path.join(config.dataDir, 'files'));
}
