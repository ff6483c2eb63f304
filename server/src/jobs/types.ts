import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import type { ObjectStore } from '../storage/index.js';

import { JOB_STATE_VALUES, type JobStateValue } from '../../../src/schemas/api/job.js';

export const JOB_STATES = JOB_STATE_VALUES;
export type JobState = JobStateValue;
/** The row and lease shapes are the jobs table's, so they live with its SQL. */
export type { JobLease, JobRecord } from '../repositories/jobs.js';

/** States after which a job never runs again by itself (staff may retry failed/cancelled ones). */
export const FINISHED_STATES: readonly JobState[] = ['succeeded', 'failed', 'cancelled'];

export type JobLogger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** What handlers may use besides their payload; the worker is started with these. */
export interface JobServices {
  db: Db;
  storage: ObjectStore;
  config: Config;
  log: JobLogger;
}

export interface JobContext extends JobServices {
  jobId: number;
  /** 1 on the first run, 2 on the first retry, ... */
  attempt: number;
  maxAttempts: number;
  ownerId: number | null;
  /** Aborted on shutdown, on timeout and when staff cancel the job: stop work and throw. */
  signal: AbortSignal;
  /** Records progress (0-100) and a Chinese message for the job page; writes are throttled. */
  progress(percent: number, message?: string): Promise<void>;
}

export type TaskHandler<P = any> = (payload: P, ctx: JobContext) => unknown | Promise<unknown>;

export interface TaskOptions {
  /** Runs before the job fails for good (default 5). */
  maxAttempts?: number;
  /** One attempt may take this long before it is aborted and counted as failed (default 15 min). */
  timeoutMs?: number;
  /** Jobs of this task one worker runs at the same time (default 1). */
  concurrency?: number;
  /** Retry delay: baseMs * 2^(attempt-1), at most maxMs, with jitter (default 2 s .. 10 min). */
  backoff?: { baseMs: number; maxMs: number };
}

export interface TaskDefinition<P = any> extends Required<TaskOptions> {
  name: string;
  handler: TaskHandler<P>;
}
