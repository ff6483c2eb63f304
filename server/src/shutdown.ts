/** Something that can be closed on shutdown (the Fastify app, the database). */
export interface Closable {
  close(): Promise<unknown>;
}

export interface ShutdownDeps {
  /** What to close, in order; read at signal time, so parts not opened yet are skipped. */
  parts: () => Array<{ name: string; part: Closable | undefined }>;
  /** After this long the process exits with code 1 even if a close hangs. */
  timeoutMs: number;
  exit: (code: number) => void;
  log: (msg: string, err?: unknown) => void;
}

/**
 * Returns the signal handler: closes each part once (a failing close is logged and the next part
 * still closes), exits 0 when all closed cleanly, 1 otherwise or when the forced-exit timer fires.
 * A second signal while closing is ignored. `isClosing` tells start-up code that a failure it sees
 * comes from the database being closed under it.
 */
export function createShutdown(deps: ShutdownDeps): {
  handle: (sig: string) => Promise<void>;
  isClosing: () => boolean;
} {
  let closing = false;
  return {
    isClosing: () => closing,
    async handle(sig: string) {
      if (closing) return;
      closing = true;
      deps.log(`${sig} received, shutting down`);
      const timer = setTimeout(() => {
        deps.log(`shutdown did not finish within ${deps.timeoutMs} ms, exiting`);
        deps.exit(1);
      }, deps.timeoutMs);
      timer.unref?.();
      let failed = false;
      for (const { name, part } of deps.parts()) {
        if (!part) continue;
        try {
          await part.close();
        } catch (err) {
          failed = true;
          deps.log(`closing ${name} failed`, err);
        }
      }
      clearTimeout(timer);
      deps.exit(failed ? 1 : 0);
    },
  };
}
