import fs from 'node:fs';
import path from 'node:path';
import { SNAPSHOT_NAME } from './create.js';
import { hasManifest } from './manifest.js';

/** A folder a killed backup left half-written is removed once it has been untouched this long. */
const STALE_PARTIAL_MS = 24 * 3_600_000;

/**
 * Keeps the newest `keep` finished snapshots in `outDir` and removes older ones, and folders of
 * backups that died half-way. Only folders named like snapshots are touched: BACKUP_DIR may hold
 * other things. Returns the names removed.
 */
export async function pruneSnapshots(outDir: string, keep: number, now = Date.now()): Promise<string[]> {
  const names = await fs.promises.readdir(outDir).catch(() => [] as string[]);
  const finished = names
    .filter((n) => SNAPSHOT_NAME.test(n) && hasManifest(path.join(outDir, n)))
    .sort(byAge)
    .reverse();
  const stale: string[] = [];
  for (const n of names) {
    const m = /^\.(.+)\.partial$/.exec(n);
    if (!m || !SNAPSHOT_NAME.test(m[1])) continue;
    const st = await fs.promises.stat(path.join(outDir, n)).catch(() => null);
    if (st && now - st.mtimeMs > STALE_PARTIAL_MS) stale.push(n);
  }
  const removed = [...finished.slice(keep), ...stale];
  for (const n of removed) await fs.promises.rm(path.join(outDir, n), { recursive: true, force: true });
  return removed;
}

/** Oldest first: by the time stamp, then the -N suffix of snapshots started in the same second. */
function byAge(a: string, b: string): number {
  const [ta, na = '1'] = a.slice('lumen-backup-'.length).split('-');
  const [tb, nb = '1'] = b.slice('lumen-backup-'.length).split('-');
  return ta === tb ? Number(na) - Number(nb) : ta < tb ? -1 : 1;
}
