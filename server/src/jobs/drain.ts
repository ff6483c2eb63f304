import { countUnfinishedJobs } from '../repositories/jobs.js';
import { startWorker, type WorkerOptions } from './worker.js';
import type { JobServices } from './types.js';

/**
 * Runs a worker for the given tasks until none of their jobs is queued or running, then stops it.
 * For `npm run seed` and tests that need the work done before they look; servers use startWorker.
 */
export async function runUntilIdle(
  services: JobServices,
  opts: WorkerOptions & { tasks: string[]; timeoutMs?: number },
): Promise<void> {
  const worker = startWorker(services, { pollMs: 200, ...opts });
  const deadline = Date.now() + (opts.timeoutMs ?? 10 * 60_000);
  try {
    while ((await countUnfinishedJobs(services.db, { tasks: opts.tasks })) > 0) {
      if (Date.now() > deadline)
        throw new Error(
          `runUntilIdle: jobs of ${opts.tasks.join(', ')} still unfinished after ${opts.timeoutMs ?? 600_000} ms`,
        );
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await worker.stop(1000);
  }
}
