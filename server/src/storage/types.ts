/**
 * server/src/storage: the one file store every stored byte goes through (uploads and their chunks,
 * originals, previews, thumbnails, strips, deposit files, certificates, evidence bundles).
 * Implementations: local disk (default, DATA_DIR/files) and the S3 API (any S3-compatible service).
 * Keys are server-generated ("<group>/<yyyymm>/<random>.<ext>" or "<group>/<id>/<part>"), never user paths.
 * What does not belong here: deciding who may read a file (routes do that before asking for a URL or stream).
 */
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';

export interface StoredObject {
  size: number;
  /** Content type recorded at put (S3); local disk records none. */
  contentType?: string;
  /** SHA-256 (hex) recorded at put when the caller knew it (S3 object metadata); local disk records none. */
  sha256?: string;
  /** Entity tag for conditional requests (S3). */
  etag?: string;
}

/** What a put may record with the bytes. */
export interface PutOptions {
  contentType?: string;
  /** SHA-256 (hex) of the bytes, kept as object metadata where the store has metadata (storage:migrate skips by it). */
  sha256?: string;
}

export interface DownloadOptions {
  /** File name offered to the browser (Content-Disposition: attachment). */
  filename: string;
  contentType?: string;
  /** Lifetime of a presigned URL. */
  expiresInSeconds?: number;
}

export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** A fresh server-generated key in a group. */
  newKey(group: string, ext: string): string;
  put(key: string, data: Buffer | Uint8Array, opts?: PutOptions): Promise<string>;
  /** Streams a local file (or a stream) into the store without holding it in memory. */
  putStream(key: string, body: Readable, opts?: PutOptions & { size?: number }): Promise<string>;
  /** The whole object; rejects with ObjectNotFoundError when it does not exist. */
  get(key: string): Promise<Buffer>;
  /** A read stream; with a range, only bytes start..end (inclusive). Rejects with ObjectNotFoundError when missing. */
  stream(key: string, range?: { start: number; end: number }): Promise<Readable>;
  stat(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Keys below a prefix ("chunks/123/"). */
  list(prefix: string): Promise<string[]>;
  /**
   * A short-lived URL the browser downloads from directly (S3 presigned GET), or null when the
   * store has none (local disk: the route streams the file itself).
   */
  downloadUrl(key: string, opts: DownloadOptions): Promise<string | null>;
}

/** The object does not exist (both stores reject get/stream with this, so callers need not know which store runs). */
export class ObjectNotFoundError extends Error {
  constructor(public readonly key: string) {
    super(`storage object not found: ${key}`);
  }
}

/** A fresh server-generated key "<group>/<yyyymm>/<random>.<ext>" (the same scheme in every store). */
export function generateKey(group: string, ext: string): string {
  const safeExt =
    ext
      .replace(/[^a-z0-9]/gi, '')
      .toLowerCase()
      .slice(0, 8) || 'bin';
  const month = new Date().toISOString().slice(0, 7).replace('-', '');
  return assertKey(`${group}/${month}/${crypto.randomBytes(12).toString('hex')}.${safeExt}`);
}

const KEY_RE = /^[a-z0-9_-]+(\/[a-z0-9_.-]+)+$/i;

/** Throws on anything that is not a plain server-generated key (no traversal, no absolute paths). */
export function assertKey(key: string): string {
  if (!KEY_RE.test(key) || key.includes('..')) throw new Error('bad storage key');
  return key;
}

/** A listing prefix: empty, or key characters ending anywhere (no traversal). */
export function assertPrefix(prefix: string): string {
  if (!/^[a-z0-9_./-]*$/i.test(prefix) || prefix.includes('..') || prefix.startsWith('/'))
    throw new Error('bad storage prefix');
  return prefix;
}
