import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { contentTypeOf } from '../storage/content-type.js';
import { ObjectNotFoundError, type ObjectStore } from '../storage/index.js';
import { BackupError } from './errors.js';
import type { BackupKey } from './key-file.js';
import { partName, type FileEntry, type Manifest, type StorageEntries } from './manifest.js';
import { readPart, writePart } from './parts.js';

/**
 * The files of a snapshot: the object store's and DATA_DIR/evidence's, copied into parts with
 * their content's SHA-256, and written back on restore after checking it again.
 */

/** DATA_DIR/evidence: the log's signing key, its last signed checkpoint and the sandbox TSA's keys. */
export const evidenceDirOf = (dataDir: string) => path.join(dataDir, 'evidence');

/** Passes chunks on while counting and hashing them. */
function tap(into: { hash: crypto.Hash; size: number }) {
  return async function* (source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      into.hash.update(chunk);
      into.size += chunk.length;
      yield chunk;
    }
  };
}

/** One file into a part, with its content's size and hash. */
async function copyIn(
  dir: string,
  part: string,
  body: Readable,
  opts: { key?: BackupKey; level: number },
): Promise<FileEntry> {
  const seen = { hash: crypto.createHash('sha256'), size: 0 };
  const stored = await writePart(dir, part, tap(seen)(body), opts);
  return { size: seen.size, sha256: seen.hash.digest('hex'), stored };
}

/** Files under DATA_DIR/evidence (relative paths), leaving out temporary files of a write in progress. */
async function evidenceFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string) => {
    const entries = await fs.promises.readdir(path.join(root, rel), { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      const name = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(name);
      else if (e.isFile() && !e.name.endsWith('.tmp')) out.push(name);
    }
  };
  await walk('');
  return out.sort();
}

/** Copies DATA_DIR/evidence into the snapshot. */
export async function backupEvidence(dataDir: string, dir: string, key?: BackupKey): Promise<Manifest['evidence']> {
  const root = evidenceDirOf(dataDir);
  const out: Manifest['evidence'] = [];
  for (const rel of await evidenceFiles(root)) {
    const file = path.join(root, rel);
    const mode = (await fs.promises.stat(file)).mode & 0o777;
    const entry = await copyIn(dir, partName('evidence', rel, !!key), fs.createReadStream(file), { key, level: 6 });
    out.push({ path: rel, mode, ...entry });
  }
  return out;
}

/**
 * Copies every object of a local store into the snapshot; an S3 store is listed with sizes and
 * SHA-256 (recorded at put, else read) and left in its bucket. Objects deleted between the listing
 * and their copy are counted, not failed: they were deleted after the database was read.
 */
export async function backupStorage(
  store: ObjectStore,
  dir: string,
  opts: { key?: BackupKey; signal?: AbortSignal; onFile?: (done: number, total: number) => void },
): Promise<{ entries: StorageEntries; vanished: number }> {
  const keys = await store.list('');
  let vanished = 0;
  if (store.kind === 's3') {
    const objects: Array<{ key: string; size: number; sha256: string }> = [];
    for (const [i, key] of keys.entries()) {
      opts.signal?.throwIfAborted();
      const stat = await store.stat(key);
      if (!stat) {
        vanished++;
        continue;
      }
      const sha256 = stat.sha256 ?? (await hashOf(await store.stream(key)));
      objects.push({ key, size: stat.size, sha256 });
      opts.onFile?.(i + 1, keys.length);
    }
    return { entries: { kind: 's3', bucket: (store as { bucket?: string }).bucket ?? '', objects }, vanished };
  }
  const files: Array<FileEntry & { key: string }> = [];
  for (const [i, key] of keys.entries()) {
    opts.signal?.throwIfAborted();
    try {
      // Media is compressed already: the fastest gzip level keeps the container and costs little.
      files.push({
        key,
        ...(await copyIn(dir, partName('files', key, !!opts.key), await store.stream(key), {
          key: opts.key,
          level: 1,
        })),
      });
    } catch (e) {
      if (!(e instanceof ObjectNotFoundError)) throw e;
      vanished++;
    }
    opts.onFile?.(i + 1, keys.length);
  }
  return { entries: { kind: 'local', files }, vanished };
}

async function hashOf(body: Readable): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(body, hash);
  return hash.digest('hex');
}

/** A part's content, failing at its end when the content's SHA-256 is not the manifest's. */
function checkedContent(dir: string, entry: FileEntry, what: string, key?: BackupKey): Readable {
  const seen = { hash: crypto.createHash('sha256'), size: 0 };
  return Readable.from(
    (async function* () {
      yield* tap(seen)(readPart(dir, entry.stored, key));
      if (seen.size !== entry.size || seen.hash.digest('hex') !== entry.sha256)
        throw new BackupError(`快照中 ${what} 的内容与清单的 SHA-256 不符，已停止恢复`);
    })(),
  );
}

/** Writes the snapshot's evidence files into DATA_DIR/evidence (each through a temporary name). */
export async function restoreEvidence(dataDir: string, dir: string, m: Manifest, key?: BackupKey): Promise<number> {
  const root = evidenceDirOf(dataDir);
  for (const e of m.evidence) {
    const file = path.join(root, ...e.path.split('/'));
    if (!file.startsWith(root + path.sep)) throw new BackupError(`快照清单中的证据文件名不合法：${e.path}`);
    await fs.promises.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.restore.tmp`;
    await pipeline(checkedContent(dir, e, `evidence/${e.path}`, key), fs.createWriteStream(tmp, { mode: e.mode }));
    await fs.promises.chmod(tmp, e.mode);
    await fs.promises.rename(tmp, file);
  }
  return m.evidence.length;
}

/**
 * Writes the snapshot's files into the store (local or a bucket alike). A snapshot of an S3 store
 * holds no bytes: the listed objects are looked up in the target store and the missing ones returned.
 */
export async function restoreStorage(
  store: ObjectStore,
  dir: string,
  m: Manifest,
  opts: { key?: BackupKey; onFile?: (done: number, total: number) => void } = {},
): Promise<{ files: number; missing: string[] }> {
  if (m.storage.kind === 's3') {
    const missing: string[] = [];
    for (const o of m.storage.objects) if ((await store.stat(o.key))?.size !== o.size) missing.push(o.key);
    return { files: 0, missing };
  }
  const { files } = m.storage;
  for (const [i, f] of files.entries()) {
    await store.putStream(f.key, checkedContent(dir, f, `files/${f.key}`, opts.key), {
      size: f.size,
      sha256: f.sha256,
      contentType: contentTypeOf(f.key),
    });
    opts.onFile?.(i + 1, files.length);
  }
  return { files: files.length, missing: [] };
}
