import { sha256Incremental } from './sha256-core';

// Typed loosely: the project compiles with the DOM library, not the webworker one.
const scope = self as unknown as {
  onmessage: (e: MessageEvent<{ file: Blob }>) => void;
  postMessage: (m: unknown) => void;
};

/** Hashes the posted File off the main thread; posts {progress} along the way and {sha256} at the end. */
scope.onmessage = async (e) => {
  try {
    const sha256 = await sha256Incremental(e.data.file, (progress) => scope.postMessage({ progress }));
    scope.postMessage({ sha256 });
  } catch (err) {
    scope.postMessage({ error: err instanceof Error ? err.message : String(err) });
  }
};
