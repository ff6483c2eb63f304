import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertKey,
  assertPrefix,
  generateKey,
  ObjectNotFoundError,
  type DownloadOptions,
  type ObjectStore,
  type StoredObject,
} from './types.js';

/** Maps a missing file to the store-neutral ObjectNotFoundError; other errors pass unchanged. */
const notFoundAs =
  (key: string) =>
  (e: NodeJS.ErrnoException): never => {
    throw e.code === 'ENOENT' || e.code === 'EISDIR' ? new ObjectNotFoundError(key) : e;
  };

/** Suffix of a file still being written (renamed to its key when complete). */
const PART_SUFFIX = '.part';

/** Local disk store under DATA_DIR/files: the embedded default (one process, one machine). */
export class LocalStorage implements ObjectStore {
  readonly kind = 'local' as const;

  constructor(public readonly root: string) {
    fs.mkdirSync(root, { recursive: true });
  }

  newKey(group: string, ext: string): string {
    return generateKey(group, ext);
  }

  /** Absolute path of a key (local store only; code that must also run on S3 uses stream/put). */
  pathOf(key: string): string {
    return path.join(this.root, assertKey(key));
  }

  async put(key: string, data: Buffer | Uint8Array): Promise<string> {
    const p = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(p), { recursive: true });
    // Write then rename, so a crash never leaves a half-written file under a real key.
    const tmp = `${p}.${process.pid}.${crypto.randomBytes(4).toString('hex')}${PART_SUFFIX}`;
    await fs.promises.writeFile(tmp, data);
    await fs.promises.rename(tmp, p);
    return key;
  }

  async putStream(key: string, body: Readable): Promise<string> {
    const p = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(p), { recursive: true });
    const tmp = `${p}.${process.pid}.${crypto.randomBytes(4).toString('hex')}${PART_SUFFIX}`;
    try {
      await pipeline(body, fs.createWriteStream(tmp));
      await fs.promises.rename(tmp, p);
    } catch (e) {
      await fs.promises.rm(tmp, { force: true });
      throw e;
    }
    return key;
  }

  get(key: string): Promise<Buffer> {
    return fs.promises.readFile(this.pathOf(key)).catch(notFoundAs(key));
  }

  async stream(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const p = this.pathOf(key);
    await fs.promises.access(p).catch(notFoundAs(key));
    return fs.createReadStream(p, range ? { start: range.start, end: range.end } : undefined);
  }

  async stat(key: string): Promise<StoredObject | null> {
    const p = this.pathOf(key);
    try {
      const s = await fs.promises.stat(p);
      // Keys are never rewritten, so size and mtime identify the bytes (the same weak tag static servers use).
      return s.isFile()
        ? { size: s.size, etag: `W/"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"` }
        : null;
    } catch {
      return null;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  async list(prefix: string): Promise<string[]> {
    const dir = path.join(this.root, assertPrefix(prefix));
    const out: string[] = [];
    const walk = async (d: string) => {
      let entries: fs.Dirent[];
      try {
        entries = await fs.promises.readdir(d, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        const full = path.join(d, e.name);
        if (e.isDirectory()) await walk(full);
        else if (!e.name.endsWith(PART_SUFFIX)) out.push(path.relative(this.root, full).split(path.sep).join('/'));
      }
    };
    await walk(dir);
    return out.sort();
  }

  /**
   * Deletes half-written files (*.part) a killed process left behind, when untouched for at least
   * olderThanMs; returns their paths. 0 only when no other process can be writing (data-folder lock).
   */
  async removeStaleParts(olderThanMs: number, now = Date.now()): Promise<string[]> {
    const removed: string[] = [];
    const walk = async (d: string) => {
      for (const e of await fs.promises.readdir(d, { withFileTypes: true }).catch(() => [] as fs.Dirent[])) {
        const full = path.join(d, e.name);
        if (e.isDirectory()) await walk(full);
        else if (e.name.endsWith(PART_SUFFIX) && (await isOlderThan(full, olderThanMs, now))) {
          await fs.promises.rm(full, { force: true });
          removed.push(full);
        }
      }
    };
    await walk(this.root);
    return removed;
  }

  async downloadUrl(_key: string, _opts: DownloadOptions): Promise<string | null> {
    return null;
  }
}

/** True when a file was last modified at least ms before now; any file when ms <= 0; false when it is gone. */
export async function isOlderThan(file: string, ms: number, now = Date.now()): Promise<boolean> {
  const st = await fs.promises.stat(file).catch(() => null);
  return st !== null && (ms <= 0 || now - st.mtimeMs >= ms);
}
