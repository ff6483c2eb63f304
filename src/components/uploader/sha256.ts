import { sha256Incremental } from './sha256-core';

/**
 * SHA-256 of a file in a Web Worker (the page stays responsive while a large video is read), or
 * on the main thread where workers are unavailable (tests, old browsers).
 */
export function hashFile(file: Blob, onProgress?: (fraction: number) => void): Promise<string> {
  if (typeof Worker === 'undefined') return sha256Incremental(file, onProgress);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./sha256.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<{ progress?: number; sha256?: string; error?: string }>) => {
      if (e.data.progress !== undefined) onProgress?.(e.data.progress);
      else {
        worker.terminate();
        if (e.data.sha256) resolve(e.data.sha256);
        else reject(new Error(e.data.error ?? 'hash failed'));
      }
    };
    worker.onerror = (e) => {
      worker.terminate();
      // A worker that cannot start (blocked by policy) must not stop the upload: hash here instead.
      e.preventDefault();
      sha256Incremental(file, onProgress).then(resolve, reject);
    };
    worker.postMessage({ file });
  });
}

/** SHA-256 of a small range (the possession proof of an instant upload). */
export const hashRange = (file: Blob, offset: number, length: number) =>
  sha256Incremental(file.slice(offset, offset + length));
