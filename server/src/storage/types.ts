/**
 * server/src/storage: the one file store every stored byte goes through (uploads and their chunks,
 * originals, previews, thumbnails, strips, deposit files, certificates, evidence bundles).
 * Implementations: local disk (default, DATA_DIR/files) and the S3 API (any S3-compatible service).
 * Keys are server-generated ("<group>/<yyyymm>/<random>.<ext>" or "<group>/<id>/<part>"), never user paths.
 * What does not belong here: deciding who may read a file (routes do that before asking for a URL or stream).
 */
import type { Readable } from 'node:stream';

export interface StoredObject {
  size: number;
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
  put(key: string, data: Buffer | Uint8Array, opts?: { contentType?: string }): Promise<string>;
  /** Streams a local file (or a stream) into the store without holding it in memory. */
  putStream(key: string, body: Readable, opts?: { contentType?: string; size?: number }): Promise<string>;
  get(key: string): Promise<Buffer>;
  /** A read stream; with a range, only bytes start..end (inclusive). */
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

const KEY_RE = /^[a-z0-9_-]+(\/[a-z0-9_.-]+)+$/i;

/** Throws on anything that is not a plain server-generated key (no traversal, no absolute paths). */
export function assertKey(key: string): string {
  if (!KEY_RE.test(key) || key.includes('..')) throw new Error('bad storage key');
  return key;
}
