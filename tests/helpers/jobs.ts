import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/src/db/index.js';
import type { JobServices } from '../../server/src/jobs/index.js';
import { findJob } from '../../server/src/repositories/jobs.js';
import type { JobRecord } from '../../server/src/jobs/types.js';

/** Worker services of a test app (its db, store, config and silent logger), or of another Db on the same data. */
export function servicesOf(app: FastifyInstance, db: Db = app.db): JobServices {
  return { db, storage: app.storage, config: app.config, log: app.log };
}

/** Fast timings for tests: the defaults (1 s poll, 5 s heartbeat, 60 s stale) would only slow them down. */
export const FAST = { pollMs: 50, heartbeatMs: 50, progressThrottleMs: 20 } as const;

/** Polls until check returns a truthy value (returned), or fails after timeoutMs with what it last saw. */
export async function waitFor<T>(
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Waits until a job reaches one of the states and returns its row. */
export function waitForJob(db: Db, id: number, states: JobRecord['state'][], timeoutMs = 10_000): Promise<JobRecord> {
  return waitFor(
    async () => {
      const j = await findJob(db, id);
      return j && states.includes(j.state) ? j : null;
    },
    timeoutMs,
    `job ${id} to be ${states.join('/')}`,
  );
}
