import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/index.js';
import { dumpDatabase } from '../db/logical-dump.js';
import type { ObjectStore } from '../storage/index.js';
import type { BackupKey } from './key-file.js';
import { partName, SNAPSHOT_FORMAT, writeManifest, type Manifest } from './manifest.js';
import { writePart, type StoredPart } from './parts.js';
import { backupEvidence, backupStorage } from './stored-files.js';

/** What a backup reads: the database, the object store and DATA_DIR (for its evidence folder). */
export interface BackupSources {
  db: Db;
  storage: ObjectStore;
  dataDir: string;
}

export interface BackupProgress {
  phase: 'evidence' | 'database' | 'files';
  done: number;
  total: number;
}

export interface BackupOptions {
  /** Folder the snapshot folder is made in. */
  outDir: string;
  /** Encrypts every part (AES-256-GCM) with the operator's key. */
  key?: BackupKey;
  signal?: AbortSignal;
  onProgress?: (p: BackupProgress) => void;
  now?: Date;
}

/** Snapshot folders are named by their UTC start, so names sort by age (retention relies on it). */
export const SNAPSHOT_NAME = /^lumen-backup-\d{8}T\d{6}Z(-\d+)?$/;

function snapshotPath(outDir: string, now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  for (let n = 1; ; n++) {
    const p = path.join(outDir, `lumen-backup-${stamp}${n > 1 ? `-${n}` : ''}`);
    if (!fs.existsSync(p) && !fs.existsSync(partialOf(p))) return p;
  }
}

/** The folder a snapshot is written in until it is complete (then renamed to its name). */
export const partialOf = (snapshot: string) => path.join(path.dirname(snapshot), `.${path.basename(snapshot)}.partial`);

/** Batches of JSON lines as bytes, one row a line. */
async function* jsonLines(batches: AsyncIterable<string[]>): AsyncGenerator<Buffer> {
  for await (const batch of batches) yield Buffer.from(`${batch.join('\n')}\n`);
}

/**
 * Writes a snapshot while the server keeps running: the evidence files first, then every table in
 * one REPEATABLE READ transaction, then the stored files. That order makes the pieces agree: the
 * last-checkpoint file is written after its checkpoint row commits, so the file read first never
 * names a tree the database snapshot lacks; files are never rewritten under their keys, so every
 * file a row of the snapshot names is there when the files are copied after it.
 */
export async function createBackup(
  src: BackupSources,
  opts: BackupOptions,
): Promise<{ dir: string; manifest: Manifest; vanished: number }> {
  const now = opts.now ?? new Date();
  await fs.promises.mkdir(opts.outDir, { recursive: true });
  const dir = snapshotPath(opts.outDir, now);
  const tmp = partialOf(dir);
  await fs.promises.mkdir(tmp, { mode: 0o700 });
  const key = opts.key;
  const progress = opts.onProgress ?? (() => undefined);
  try {
    progress({ phase: 'evidence', done: 0, total: 1 });
    const evidence = await backupEvidence(src.dataDir, tmp, key);
    progress({ phase: 'evidence', done: 1, total: 1 });

    const stored = new Map<string, StoredPart>();
    const dump = await dumpDatabase(
      src.db,
      async (table, batches) => {
        opts.signal?.throwIfAborted();
        stored.set(
          table.name,
          await writePart(tmp, partName('db', `${table.name}.jsonl`, !!key), jsonLines(batches), { key }),
        );
      },
      (done, total) => progress({ phase: 'database', done, total }),
    );

    const files = await backupStorage(src.storage, tmp, {
      key,
      signal: opts.signal,
      onFile: (done, total) => progress({ phase: 'files', done, total }),
    });
    const manifest: Manifest = {
      format: SNAPSHOT_FORMAT,
      createdAt: now.toISOString(),
      encrypted: !!key,
      ...(key ? { keyId: key.id.toString('hex') } : {}),
      ...dump,
      tables: dump.tables.map((t) => ({ ...t, stored: stored.get(t.name)! })),
      storage: files.entries,
      evidence,
    };
    await writeManifest(tmp, manifest, key);
    await fs.promises.rename(tmp, dir);
    return { dir, manifest, vanished: files.vanished };
  } catch (e) {
    await fs.promises.rm(tmp, { recursive: true, force: true });
    throw e;
  }
}
