import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { DatabaseDump } from '../db/logical-dump.js';
import { BackupError } from './errors.js';
import type { BackupKey } from './key-file.js';
import { readWholePart, storedDigest, changed, wrongKey, writePart, type StoredPart } from './parts.js';

/**
 * A snapshot is a folder:
 *
 *   manifest.json              what the snapshot holds and every part's size and SHA-256 as stored
 *                              (encrypted snapshots: only the label below; the manifest itself is
 *                              the part manifest.json.gz.aes)
 *   db/<table>.jsonl.gz        one JSON array of column texts per row
 *   files/<storage key>.gz     every object of the local store (an S3 store is listed, not copied)
 *   evidence/<path>.gz         DATA_DIR/evidence: signing key, last checkpoint, sandbox TSA keys
 *
 * Encrypted parts end in .aes (parts.ts). Bump the format when a reader of this one could not
 * restore the new one.
 */
export const SNAPSHOT_FORMAT = 'lumen-backup/1';
const LABEL = 'manifest.json';
const SEALED = 'manifest.json.gz.aes';

/** What any reader sees first, encrypted or not. */
export interface SnapshotLabel {
  format: typeof SNAPSHOT_FORMAT;
  createdAt: string;
  encrypted: boolean;
  /** Hex id of the key an encrypted snapshot needs (key-file.ts). */
  keyId?: string;
}

/** A stored file: its content's size and SHA-256, and the part holding it. */
export interface FileEntry {
  size: number;
  sha256: string;
  stored: StoredPart;
}

export type StorageEntries =
  | { kind: 'local'; files: Array<FileEntry & { key: string }> }
  /** The bucket stays where it is (versioning and replication are the bucket's job): keys, sizes and hashes only. */
  | { kind: 's3'; bucket: string; objects: Array<{ key: string; size: number; sha256: string }> };

export interface Manifest extends SnapshotLabel, Omit<DatabaseDump, 'tables'> {
  tables: Array<DatabaseDump['tables'][number] & { stored: StoredPart }>;
  storage: StorageEntries;
  /** Files under DATA_DIR/evidence, by path relative to it, with their mode (keys stay private). */
  evidence: Array<FileEntry & { path: string; mode: number }>;
}

/** The part name of a snapshot entry: gzip always, .aes when encrypted. */
export const partName = (group: 'db' | 'files' | 'evidence', name: string, encrypted: boolean) =>
  `${group}/${name}.gz${encrypted ? '.aes' : ''}`;

/** Every part the manifest names. */
export function partsOf(m: Manifest): StoredPart[] {
  return [
    ...m.tables.map((t) => t.stored),
    ...(m.storage.kind === 'local' ? m.storage.files.map((f) => f.stored) : []),
    ...m.evidence.map((e) => e.stored),
  ];
}

/** Writes the manifest last: a folder without one is no snapshot. */
export async function writeManifest(dir: string, m: Manifest, key?: BackupKey): Promise<void> {
  const label: SnapshotLabel = key
    ? { format: m.format, createdAt: m.createdAt, encrypted: true, keyId: key.id.toString('hex') }
    : m;
  if (key) await writePart(dir, SEALED, Readable.from([Buffer.from(JSON.stringify(m))]), { key });
  await fs.promises.writeFile(path.join(dir, LABEL), `${JSON.stringify(label, null, 1)}\n`, { mode: 0o600 });
}

/** True when the folder holds a finished snapshot (retention counts only those). */
export const hasManifest = (dir: string) => fs.existsSync(path.join(dir, LABEL));

/**
 * Reads the manifest; an encrypted one is decrypted with `key` (and authenticated by its GCM tag,
 * so every part's recorded SHA-256 can then be trusted).
 */
export async function readManifest(dir: string, key?: BackupKey): Promise<Manifest> {
  let label: SnapshotLabel;
  try {
    label = JSON.parse(await fs.promises.readFile(path.join(dir, LABEL), 'utf8'));
  } catch (e) {
    throw new BackupError(`${dir} 不是可用的备份快照（manifest.json 无法读取：${(e as Error).message}）`);
  }
  if (label?.format !== SNAPSHOT_FORMAT)
    throw new BackupError(`不支持的快照格式 ${JSON.stringify(label?.format)}（本程序读取 ${SNAPSHOT_FORMAT}）`);
  if (!label.encrypted) return checkShape(label as Manifest);
  if (!key) throw new BackupError('快照已加密：请用 --encrypt-key-file 指定备份时使用的密钥文件');
  if (label.keyId !== key.id.toString('hex')) throw wrongKey('manifest.json');
  const sealed = JSON.parse((await readWholePart(dir, { part: SEALED }, key)).toString('utf8')) as Manifest;
  if (sealed.format !== label.format || sealed.createdAt !== label.createdAt || sealed.keyId !== label.keyId)
    throw new BackupError('快照清单与其标签不一致：快照被改动过，已拒绝恢复');
  return checkShape(sealed);
}

function checkShape(m: Manifest): Manifest {
  const ok =
    Array.isArray(m.migrations) &&
    Array.isArray(m.tables) &&
    Array.isArray(m.sequences) &&
    Array.isArray(m.evidence) &&
    (m.storage?.kind === 'local' ? Array.isArray(m.storage.files) : Array.isArray(m.storage?.objects));
  if (!ok) throw new BackupError('快照清单不完整：快照已损坏或被改动，已拒绝恢复');
  return m;
}

/** Checks every part's size and SHA-256 as stored; throws on the first that is missing or differs. */
export async function verifyParts(dir: string, m: Manifest): Promise<void> {
  for (const p of partsOf(m)) {
    const got = await storedDigest(dir, p.part);
    if (!got) throw new BackupError(`快照缺少文件 ${p.part}：快照不完整，已拒绝恢复`);
    if (got.size !== p.size || got.sha256 !== p.sha256) throw changed(p.part);
  }
}
