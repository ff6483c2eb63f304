import type { FastifyInstance } from 'fastify';
import { startWorker } from '../../server/src/jobs/index.js';
import { countUnfinishedJobs } from '../../server/src/repositories/jobs.js';
import { WEBHOOK_DELIVER_TASK } from '../../server/src/services/webhooks/deliver.js';
import { FAST, servicesOf, waitFor } from './jobs.js';
import type { Db } from '../../server/src/db/index.js';

/**
 * Runs webhook deliveries until none is left, retries included: a failed attempt waits in the
 * queue with run_at in the future (the backoff), which is brought to now instead of waited out.
 */
export async function deliverAll(t: { app: FastifyInstance; db: Db }): Promise<void> {
  const tasks = [WEBHOOK_DELIVER_TASK];
  const worker = startWorker(servicesOf(t.app), { ...FAST, tasks });
  try {
    await waitFor(
      async () => {
        await t.db.query(
          `UPDATE jobs SET run_at = now() WHERE task = $1 AND state = 'queued' AND run_at > now()`,
          tasks,
        );
        worker.wake();
        return (await countUnfinishedJobs(t.db, { tasks })) === 0;
      },
      60_000,
      'webhook deliveries to finish',
    );
  } finally {
    await worker.stop(1000);
  }
}

/** Opens exactly this loopback port in the egress allow-list (as a deployment opens an inner site); returns the undo. */
export function allowLoopbackPort(port: number): () => void {
  const before = process.env.EGRESS_ALLOW;
  process.env.EGRESS_ALLOW = `127.0.0.1:${port}`;
  return () => {
    if (before === undefined) delete process.env.EGRESS_ALLOW;
    else process.env.EGRESS_ALLOW = before;
  };
}
