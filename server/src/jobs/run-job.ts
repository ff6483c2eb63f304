import { completeJob, failJobAttempt, heartbeatJob, releaseJob, setJobProgress } from '../repositories/jobs.js';
import { retryDelayMs } from './backoff.js';
import { throttledProgress } from './progress.js';
import type { JobLease, JobRecord, JobServices, TaskDefinition } from './types.js';

/** Why a running job was aborted; each ends differently. */
export class JobAbort extends Error {
  constructor(
    public readonly kind: 'shutdown' | 'timeout' | 'lost',
    message: string,
  ) {
    super(message);
  }
}

export interface RunOptions {
  workerId: string;
  heartbeatMs: number;
  progressThrottleMs: number;
  /** Aborted by the worker when its shutdown grace period is over. */
  shutdown: AbortSignal;
}

const errorText = (err: unknown) =>
  (err instanceof Error ? err.message || err.name : String(err)).slice(0, 2000) || '未知错误';

/**
 * Runs one claimed job to its end: heartbeat while it runs, abort on timeout / shutdown / loss of
 * the lease, then record success, a retry with backoff, a final failure, or (shutdown) hand the
 * job back without spending its attempt. Never throws; every write is guarded by the lease.
 */
export async function runJob(
  job: JobRecord,
  def: TaskDefinition,
  services: JobServices,
  opts: RunOptions,
): Promise<void> {
  const { db, log } = services;
  const lease: JobLease = { id: job.id, workerId: opts.workerId, attempt: job.attempts };
  const ac = new AbortController();
  const abort = (kind: JobAbort['kind'], msg: string) => !ac.signal.aborted && ac.abort(new JobAbort(kind, msg));
  const onShutdown = () => abort('shutdown', '服务停止，任务将重新排队');
  if (opts.shutdown.aborted) onShutdown();
  opts.shutdown.addEventListener('abort', onShutdown);
  const timeout = setTimeout(
    () => abort('timeout', `任务超时（超过 ${Math.round(def.timeoutMs / 1000)} 秒）`),
    def.timeoutMs,
  );
  const heartbeat = setInterval(() => {
    heartbeatJob(db, lease).then(
      (held) => held || abort('lost', '任务已被取消或已交给其他工作进程'),
      (err) => log.warn({ err, jobId: job.id }, 'job heartbeat failed'),
    );
  }, opts.heartbeatMs);
  const progress = throttledProgress(async (pct, msg) => {
    if (!(await setJobProgress(db, lease, pct, msg))) abort('lost', '任务已被取消或已交给其他工作进程');
  }, opts.progressThrottleMs);
  // A handler that ignores its signal must not hold the job (or the slot) past an abort.
  const aborted = new Promise<never>((_, reject) =>
    ac.signal.addEventListener('abort', () => reject(ac.signal.reason), { once: true }),
  );
  aborted.catch(() => undefined);

  try {
    const result = await Promise.race([
      Promise.resolve().then(() =>
        def.handler(job.payload, {
          ...services,
          jobId: job.id,
          attempt: job.attempts,
          maxAttempts: job.maxAttempts,
          ownerId: job.ownerId,
          signal: ac.signal,
          progress: (pct, msg) =>
            progress.report(pct, msg).catch((err) => log.warn({ err, jobId: job.id }, 'job progress write failed')),
        }),
      ),
      aborted,
    ]);
    progress.stop();
    if (!(await completeJob(db, lease, result)))
      log.warn({ jobId: job.id, task: job.task }, 'job finished after it was cancelled or taken over; result dropped');
  } catch (err) {
    progress.stop();
    const reason = ac.signal.aborted ? (ac.signal.reason as JobAbort) : null;
    if (reason?.kind === 'lost') {
      log.warn({ jobId: job.id, task: job.task }, reason.message);
    } else if (reason?.kind === 'shutdown') {
      await releaseJob(db, lease).catch((e) =>
        log.error({ err: e, jobId: job.id }, 'could not release job on shutdown'),
      );
    } else {
      const retryIn = job.attempts < job.maxAttempts ? retryDelayMs(job.attempts, def.backoff) : null;
      const message = reason ? reason.message : errorText(err);
      log.warn({ err, jobId: job.id, task: job.task, attempt: job.attempts, retryIn }, 'job attempt failed');
      await failJobAttempt(db, lease, message, retryIn).catch((e) =>
        log.error({ err: e, jobId: job.id }, 'could not record job failure'),
      );
    }
  } finally {
    clearTimeout(timeout);
    clearInterval(heartbeat);
    opts.shutdown.removeEventListener('abort', onShutdown);
  }
}
