import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { Db } from '../db/index.js';
import { databaseContents, loadDatabase } from '../db/logical-load.js';
import { migrate, shippedMigrations } from '../db/migrate.js';
import type { ObjectStore } from '../storage/index.js';
import { BackupError } from './errors.js';
import type { BackupKey } from './key-file.js';
import { readManifest, verifyParts, type Manifest } from './manifest.js';
import { readPart } from './parts.js';
import { evidenceDirOf, restoreEvidence, restoreStorage } from './stored-files.js';

/** Where a snapshot goes: the configured database, object store and DATA_DIR. */
export interface RestoreTarget {
  db: Db;
  storage: ObjectStore;
  dataDir: string;
}

/** A snapshot whose manifest was read and every part checked: nothing has been written yet. */
export interface CheckedSnapshot {
  dir: string;
  manifest: Manifest;
  key?: BackupKey;
}

export interface RestoreSummary {
  tables: number;
  rows: number;
  files: number;
  evidence: number;
  /** S3 snapshots: listed objects the target bucket does not hold (with the listed size). */
  missing: string[];
}

/**
 * Reads a snapshot's manifest (decrypting it with the key when it is encrypted) and checks the
 * size and SHA-256 of every part against it. A snapshot that fails is refused before anything is
 * written: call this first, then open the target.
 */
export async function checkSnapshot(dir: string, key?: BackupKey): Promise<CheckedSnapshot> {
  const manifest = await readManifest(dir, key);
  await verifyParts(dir, manifest);
  return { dir, manifest, key: manifest.encrypted ? key : undefined };
}

/** A part's content as text lines (one row each). */
async function* linesOf(stream: Readable): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of stream) {
    rest += decoder.write(chunk as Buffer);
    const lines = rest.split('\n');
    rest = lines.pop()!;
    yield* lines;
  }
  rest += decoder.end();
  if (rest) yield rest;
}

/** Why the target is not empty, one phrase per part of it; empty when it is. */
async function notEmpty(s: CheckedSnapshot, t: RestoreTarget, tables: string[]): Promise<string[]> {
  const found: string[] = [];
  if (tables.length) found.push(`数据库中已有 ${tables.length} 张表`);
  const evidence = await fs.promises.readdir(evidenceDirOf(t.dataDir)).catch(() => []);
  if (evidence.length) found.push(`${evidenceDirOf(t.dataDir)} 中已有文件`);
  if (s.manifest.storage.kind === 'local') {
    const files = (await t.storage.list('')).length;
    if (files) found.push(`文件存储中已有 ${files} 个文件`);
  }
  return found;
}

/**
 * Restores a checked snapshot into an empty target (a non-empty one only with `force`): migrates
 * the database to exactly the snapshot's migrations, loads every table in one transaction
 * (logical-load.ts), writes the stored files and the evidence folder. The server then starts on it
 * and applies any newer migrations of its own, as after an upgrade.
 */
export async function restoreSnapshot(
  s: CheckedSnapshot,
  t: RestoreTarget,
  opts: {
    force?: boolean;
    onProgress?: (p: { phase: 'database' | 'files'; done: number; total: number }) => void;
  } = {},
): Promise<RestoreSummary> {
  const m = s.manifest;
  const shipped = new Set(shippedMigrations());
  const unknown = m.migrations.filter((f) => !shipped.has(f));
  if (unknown.length)
    throw new BackupError(`快照含有本程序没有的迁移（${unknown.join('、')}）：请用不早于备份时的程序版本恢复`);
  const contents = await databaseContents(t.db);
  const found = await notEmpty(s, t, contents.tables);
  if (found.length && !opts.force)
    throw new BackupError(
      `恢复目标不是空的：${found.join('；')}。恢复会覆盖这些数据，确认要覆盖请加 --force（例如上次恢复中途失败后重试）`,
    );
  const later = contents.migrations.filter((f) => !m.migrations.includes(f));
  if (later.length)
    throw new BackupError(
      `目标数据库已应用快照中没有的迁移（${later.join('、')}），无法退回快照的表结构：请恢复到一个空数据库`,
    );

  await migrate(t.db, { only: m.migrations });
  await loadDatabase(
    t.db,
    m,
    (table) => linesOf(readPart(s.dir, m.tables.find((x) => x.name === table.name)!.stored, s.key)),
    (done, total) => opts.onProgress?.({ phase: 'database', done, total }),
  );
  const files = await restoreStorage(t.storage, s.dir, m, {
    key: s.key,
    onFile: (done, total) => opts.onProgress?.({ phase: 'files', done, total }),
  });
  const evidence = await restoreEvidence(t.dataDir, s.dir, m, s.key);
  return {
    tables: m.tables.length,
    rows: m.tables.reduce((n, x) => n + x.rows, 0),
    files: files.files,
    evidence,
    missing: files.missing,
  };
}
