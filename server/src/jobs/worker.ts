import crypto from 'node:crypto';
import os from 'node:os';
import { claimJobs, JOBS_CHANNEL, reapStaleJobs } from '../repositories/jobs.js';
import { definedTaskNames, taskDefinition } from './registry.js';
import { runJob } from './run-job.js';
import type { JobServices, TaskDefinition } from './types.js';

export interface WorkerOptions {
  /** Unique per process; shown in locked_by. */
  id?: string;
  /** Tasks this worker runs (default: every task defined in this process). */
  tasks?: string[];
  /** Jobs this worker runs at once over all tasks (default 4); each task also has its own concurrency. */
  concurrency?: number;
  /** Polling fallback: how often to look for due jobs without a notification (default 1 s). */
  pollMs?: number;
  /** Heartbeat of running jobs (default 5 s). */
  heartbeatMs?: number;
  /** A running job whose heartbeat is older belongs to a dead worker and is retried (default 60 s). */
  staleMs?: number;
  /** Minimum time between two progress writes of one job (default 500 ms). */
  progressThrottleMs?: number;
}

export interface Worker {
  readonly id: string;
  /** Jobs running in this worker now. */
  running(): number;
  /** Look for jobs now (tests, or code that knows a job became due). */
  wake(): void;
  /**
   * Stops taking jobs, waits up to graceMs for running ones, then aborts them (ctx.signal) and
   * gives them back to the queue without spending an attempt.
   */
  stop(graceMs?: number): Promise<void>;
}

const STALE_ERROR = '工作进程失联（心跳超时），任务重新排队';

/**
 * Starts the loop that claims and runs jobs. Low latency comes from NOTIFY (PostgreSQL) or the
 * in-process PGlite notification; polling covers missed notifications, due retries and jobs whose
 * run_at arrives. Every poll also sweeps jobs of dead workers back into the queue.
 */
export function startWorker(services: JobServices, opts: WorkerOptions = {}): Worker {
  const id = opts.id ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  const pollMs = opts.pollMs ?? 1000;
  const heartbeatMs = opts.heartbeatMs ?? 5000;
  const staleMs = opts.staleMs ?? 60_000;
  const concurrency = opts.concurrency ?? 4;
  const reapEveryMs = Math.max(pollMs, Math.min(staleMs / 2, 15_000));
  const { db, log } = services;
  const names = opts.tasks ?? definedTaskNames();
  const defs = names.map((n) => {
    const d = taskDefinition(n);
    if (!d) throw new Error(`startWorker: task "${n}" is not defined`);
    return d;
  });

  const runningByTask = new Map<string, number>();
  const inFlight = new Set<Promise<void>>();
  const shutdown = new AbortController();
  let stopping = false;
  let woken = false;
  let wakeUp: (() => void) | undefined;
  let lastReap = 0;

  const wake = () => {
    woken = true;
    wakeUp?.();
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || stopping) return resolve();
      const t = setTimeout(done, ms);
      function done() {
        clearTimeout(t);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });

  function start(def: TaskDefinition, job: Parameters<typeof runJob>[0]) {
    runningByTask.set(def.name, (runningByTask.get(def.name) ?? 0) + 1);
    const p = runJob(job, def, services, {
      workerId: id,
      heartbeatMs,
      progressThrottleMs: opts.progressThrottleMs ?? 500,
      shutdown: shutdown.signal,
    }).finally(() => {
      runningByTask.set(def.name, (runningByTask.get(def.name) ?? 1) - 1);
      inFlight.delete(p);
      wake();
    });
    inFlight.add(p);
  }

  async function tick() {
    if (Date.now() - lastReap >= reapEveryMs) {
      lastReap = Date.now();
      const reaped = await reapStaleJobs(db, staleMs, STALE_ERROR, id);
      if (reaped.length) log.warn({ jobs: reaped }, 'jobs of a dead worker returned to the queue');
    }
    const free = concurrency - inFlight.size;
    const caps = defs
      .map((d) => ({ task: d.name, free: Math.min(free, d.concurrency - (runningByTask.get(d.name) ?? 0)) }))
      .filter((c) => c.free > 0);
    if (free <= 0 || !caps.length) return;
    // Jobs claimed while a stop began still start: stop() waits for them like for the others.
    for (const job of await claimJobs(db, id, caps, free)) start(taskDefinition(job.task)!, job);
  }

  let unlisten: (() => Promise<void>) | undefined;
  const listening = db
    .listen(JOBS_CHANNEL, (task) => {
      if (!task || names.includes(task)) wake();
    })
    .then((stop) => {
      unlisten = stop;
      if (stopping) void stop();
    })
    .catch((err) => log.warn({ err }, 'job notifications unavailable; polling only'));

  const loop = (async () => {
    await listening;
    while (!stopping) {
      woken = false;
      try {
        await tick();
      } catch (err) {
        if (!stopping) log.error({ err }, 'job worker poll failed');
      }
      if (!stopping) await sleep(pollMs);
    }
  })();

  let stopped: Promise<void> | undefined;
  async function stop(graceMs: number) {
    stopping = true;
    wake();
    await loop;
    await unlisten?.().catch(() => undefined);
    const all = () => Promise.allSettled([...inFlight]);
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'grace'>((r) => (timer = setTimeout(() => r('grace'), graceMs)));
    if ((await Promise.race([all(), graceOver])) === 'grace') {
      log.warn(
        { running: inFlight.size },
        'jobs still running at shutdown: aborting them and returning them to the queue',
      );
      shutdown.abort();
      await all();
    }
    clearTimeout(timer);
  }

  return {
    id,
    running: () => inFlight.size,
    wake,
    stop: (graceMs = 10_000) => (stopped ??= stop(graceMs)),
  };
}
