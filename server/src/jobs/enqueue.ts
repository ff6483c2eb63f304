import type { Queryable } from '../db/index.js';
import { findUnfinishedByKey, insertJob } from '../repositories/jobs.js';
import { taskDefinition } from './registry.js';

export interface EnqueueOptions {
  /** Not before this time (default now). */
  runAt?: Date;
  /** While a job of this task with this key is queued or running, enqueue returns that job instead. */
  dedupeKey?: string;
  /** The user who may watch the job at GET /api/jobs/:id. */
  ownerId?: number | null;
  /** Overrides the task's maxAttempts for this job. */
  maxAttempts?: number;
}

/**
 * Adds a job. Pass the transaction's Queryable to make the job part of it: the job exists (and
 * workers are woken) only if the transaction commits. The task must be defined in this process
 * (import its module), which catches misspelt names here rather than in a queue nobody drains.
 */
export async function enqueue(
  q: Queryable,
  task: string,
  payload: unknown = {},
  opts: EnqueueOptions = {},
): Promise<{ id: number; created: boolean }> {
  const def = taskDefinition(task);
  if (!def) throw new Error(`enqueue: task "${task}" is not defined (import the module that calls defineTask)`);
  const row = {
    task,
    payload,
    runAt: opts.runAt ?? null,
    dedupeKey: opts.dedupeKey ?? null,
    ownerId: opts.ownerId ?? null,
    maxAttempts: opts.maxAttempts ?? def.maxAttempts,
  };
  // The holder of a dedupe key can finish between our insert and our look-up: then try again.
  for (let i = 0; i < 3; i++) {
    const id = await insertJob(q, row);
    if (id !== null) return { id, created: true };
    const existing = await findUnfinishedByKey(q, task, row.dedupeKey!);
    if (existing !== null) return { id: existing, created: false };
  }
  throw new Error(`enqueue: dedupe key "${row.dedupeKey}" of task "${task}" keeps changing hands`);
}
