import path from 'node:path';
import type { Config } from '../config.js';
import { LocalStorage } from './local.js';
import type { ObjectStore } from './types.js';

export type { ObjectStore, StoredObject, DownloadOptions, PutOptions } from './types.js';
export { ObjectNotFoundError } from './types.js';
export { LocalStorage } from './local.js';

/**
 * The configured store: local disk under DATA_DIR/files (default) or the bucket of STORAGE=s3,
 * checked once so a wrong bucket or key stops the start instead of the first upload. The AWS SDK
 * is loaded only then (about a second and 25 MB the embedded default does not pay).
 */
export async function openStorage(config: Config): Promise<ObjectStore> {
  if (config.storage !== 's3' || !config.s3) return new LocalStorage(localFilesDir(config));
  const { S3Storage } = await import('./s3.js');
  const store = new S3Storage(config.s3);
  await store.checkBucket();
  return store;
}

/** The local store's folder (also the default source of `npm run storage:migrate`). */
export const localFilesDir = (config: Config) => path.join(config.dataDir, 'files');
