/**
 * Runs in each API test worker before a test file: loads the server's module graph (about 300
 * files, each fetched from vitest's main process and transformed there) once, before any hook's
 * timeout is counting.
 *
 * Why a setup step: a fetch that the main process answers after 60 s fails with vitest's fixed RPC
 * timeout (`Timeout calling "fetch"`), and vite-node keeps the rejected import in the worker's module
 * cache. With shared modules (`--no-isolate`) every later file of that worker then fails at once: in
 * a run on a machine twice as slow as usual, under the API passes' start-up burst, one fetch of
 * `services/monitor/plan.ts` failed this way and 55 files of one worker failed after it. Here a
 * failed load is retried after its rejected entries are dropped from the cache, so a slow moment
 * costs time, not the pass.
 */
interface CachedModule {
  promise?: Promise<unknown>;
}
interface WorkerState {
  moduleCache: Map<string, CachedModule>;
}

const ATTEMPTS = 3;

/** True when the import behind `promise` has failed; false when it loaded or is still loading (this file is). */
function hasFailed(promise: Promise<unknown> | undefined): Promise<boolean> {
  if (!promise) return Promise.resolve(false);
  // A settled promise answers within microtasks, before the next turn of the event loop.
  const stillLoading = new Promise<boolean>((resolve) => setImmediate(() => resolve(false)));
  return Promise.race([
    promise.then(
      () => false,
      () => true,
    ),
    stillLoading,
  ]);
}

async function dropFailedImports(cache: Map<string, CachedModule>): Promise<number> {
  const failed = await Promise.all(
    [...cache].map(async ([key, mod]) => ((await hasFailed(mod.promise)) ? key : undefined)),
  );
  const keys = failed.filter((k): k is string => k !== undefined);
  for (const key of keys) cache.delete(key);
  return keys.length;
}

for (let attempt = 1; ; attempt++) {
  try {
    await import('../../server/src/app.js');
    break;
  } catch (error) {
    const state = (globalThis as { __vitest_worker__?: WorkerState }).__vitest_worker__;
    if (attempt === ATTEMPTS || !state || !/Timeout calling/.test(String(error))) throw error;
    const dropped = await dropFailedImports(state.moduleCache);
    console.warn(
      `api-setup: loading the server timed out (attempt ${attempt}); retrying after dropping ${dropped} failed modules`,
    );
  }
}

export {};
