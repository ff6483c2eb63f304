import CryptoJS from 'crypto-js/core.js';
// Side-effect imports: each registers itself on the core object (SHA-256, typed-array WordArrays).
import 'crypto-js/sha256.js';
import 'crypto-js/lib-typedarrays.js';

/** Bytes hashed per step: small enough to keep memory flat, large enough to keep crypto-js busy. */
export const HASH_SLICE_BYTES = 4 * 1024 * 1024;

function readSlice(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(r.result as ArrayBuffer);
    r.onerror = () => reject(r.error);
    r.readAsArrayBuffer(blob);
  });
}

/**
 * SHA-256 of a Blob, computed incrementally with crypto-js slice by slice (the file is never held
 * in memory whole). Used for the instant-upload lookup and the possession proof; the server never
 * takes it as the file's hash (it hashes the assembled bytes itself).
 */
export async function sha256Incremental(blob: Blob, onProgress?: (fraction: number) => void): Promise<string> {
  const hasher = CryptoJS.algo.SHA256.create();
  for (let start = 0; start < blob.size; start += HASH_SLICE_BYTES) {
    const buf = await readSlice(blob.slice(start, start + HASH_SLICE_BYTES));
    hasher.update(CryptoJS.lib.WordArray.create(new Uint8Array(buf) as unknown as number[]));
    onProgress?.(Math.min(1, (start + HASH_SLICE_BYTES) / blob.size));
  }
  return hasher.finalize().toString(CryptoJS.enc.Hex);
}
