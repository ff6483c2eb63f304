import fs from 'node:fs';
import path from 'node:path';
import { isOlderThan, LocalStorage } from './local.js';
import type { ObjectStore } from './types.js';

/**
 * Start-up sweep of what a killed process (kill -9 during an upload or a deposit) left half-written:
 * every entry of the upload temp folder and the local store's *.part files. Nothing else ever
 * removes them, so without this they pile up across restarts.
 */

/** Age past which a temp file is abandoned even if another process might share the folder. */
export const STALE_TEMP_AGE_MS = 24 * 60 * 60 * 1000;

export interface StaleTempSweep {
  /** The upload temp folder (routes/form-upload uploadTempDir). */
  tmpDir: string;
  /** The file store; only the local store leaves partial files here (a bucket's unfinished multipart uploads are its lifecycle rules' job). */
  store: ObjectStore;
  /**
   * 0 when this process holds the data-folder lock (nobody else can be writing); otherwise
   * STALE_TEMP_AGE_MS, so a server sharing DATA_DIR (PostgreSQL deployments) keeps its live uploads.
   */
  olderThanMs: number;
  now?: number;
}

/** Removes stale temp files; returns the paths removed. */
export async function removeStaleTempFiles({
  tmpDir,
  store,
  olderThanMs,
  now = Date.now(),
}: StaleTempSweep): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await fs.promises.readdir(tmpDir).catch(() => [] as string[])) {
    const full = path.join(tmpDir, name);
    if (!(await isOlderThan(full, olderThanMs, now))) continue;
    await fs.promises.rm(full, { recursive: true, force: true });
    removed.push(full);
  }
  if (store instanceof LocalStorage) removed.push(...(await store.removeStaleParts(olderThanMs, now)));
  return removed;
}
