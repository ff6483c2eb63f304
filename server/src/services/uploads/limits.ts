/** Limits of chunked uploads (spec §9 defaults on the client side; these are the server's). */
export const UPLOAD_LIMITS = {
  /** Chunk size when the client does not name one (spec §9: 1 MB). */
  defaultChunkSize: 1024 * 1024,
  /** Unfinished uploads one user may hold at once. */
  maxOpenUploads: 10,
  /** Declared bytes of one user's unfinished uploads together. */
  maxOpenBytes: 10 * 1024 * 1024 * 1024,
  /** An unfinished upload expires this long after its init; the sweep then deletes its chunks. */
  ttlSeconds: 24 * 3600,
  /** An assembly older than this is taken for one whose process died, and is run again. */
  staleAssemblySeconds: 10 * 60,
  /** How often the sweep runs. */
  sweepIntervalMs: 10 * 60 * 1000,
  /** Bytes of the possession proof an instant upload of another user's identical file answers. */
  proofLength: 64 * 1024,
};

/** Chunks a file of this size has under the protocol: the last one takes the remainder (1x to <2x). */
export const chunkCount = (totalSize: number, chunkSize: number): number =>
  Math.max(Math.floor(totalSize / chunkSize), 1);

/** Exact byte size chunk n (1-based) must have. */
export function expectedChunkBytes(n: number, totalSize: number, chunkSize: number, totalChunks: number): number {
  return n < totalChunks ? chunkSize : totalSize - (totalChunks - 1) * chunkSize;
}

/** Storage key of one received chunk. */
export const chunkKey = (uploadId: string, n: number): string => `chunks/${uploadId}/${n}`;

/** Storage key of an original: one per content hash, so the same bytes are stored once. */
export const originalKey = (sha256: string): string => `originals/${sha256.slice(0, 2)}/${sha256}`;
