/** SQL of the job queue (server/src/jobs). Every write by a worker is guarded by its lease. */
import type { Queryable } from '../db/index.js';
import type { JobStateValue as JobState } from '../../../src/schemas/api/job.js';

/** NOTIFY channel that wakes workers; the payload is the task name. */
export const JOBS_CHANNEL = 'lumen_jobs';

/** One row of the jobs table, as code sees it. */
export interface JobRecord {
  id: number;
  task: string;
  payload: unknown;
  state: JobState;
  attempts: number;
  maxAttempts: number;
  runAt: Date;
  lockedBy: string | null;
  lockedAt: Date | null;
  progress: number;
  progressMessage: string | null;
  lastError: string | null;
  result: unknown;
  ownerId: number | null;
  dedupeKey: string | null;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
}

/** A worker's hold on a job: the same worker id can hold a later attempt, so the attempt is part of it. */
export interface JobLease {
  id: number;
  workerId: string;
  attempt: number;
}

const COLUMNS = `id, task, payload, state, attempts, max_attempts, run_at, locked_by, locked_at, progress, progress_message,
  last_error, result, owner_id, dedupe_key, created_at, updated_at, finished_at`;
const LEASE = "id = $1 AND locked_by = $2 AND attempts = $3 AND state = 'running'";
const leaseParams = (l: JobLease) => [l.id, l.workerId, l.attempt];
const UNFINISHED = "state IN ('queued', 'running')";

const date = (v: unknown) => (v == null ? null : new Date(v as string));

export function toJob(r: Record<string, any>): JobRecord {
  return {
    id: Number(r.id),
    task: r.task,
    payload: r.payload,
    state: r.state,
    attempts: Number(r.attempts),
    maxAttempts: Number(r.max_attempts),
    runAt: new Date(r.run_at),
    lockedBy: r.locked_by,
    lockedAt: date(r.locked_at),
    progress: Number(r.progress),
    progressMessage: r.progress_message,
    lastError: r.last_error,
    result: r.result ?? null,
    ownerId: r.owner_id == null ? null : Number(r.owner_id),
    dedupeKey: r.dedupe_key,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
    finishedAt: date(r.finished_at),
  };
}

export interface NewJob {
  task: string;
  payload: unknown;
  runAt: Date | null;
  dedupeKey: string | null;
  ownerId: number | null;
  maxAttempts: number;
}

/** Inserts and notifies in one round trip; null when an unfinished job already holds the dedupe key. */
export async function insertJob(q: Queryable, j: NewJob): Promise<number | null> {
  const r = await q.query<{ id: number }>(
    `WITH ins AS (
       INSERT INTO jobs(task, payload, run_at, dedupe_key, owner_id, max_attempts)
       VALUES ($1, $2::jsonb, coalesce($3::timestamptz, now()), $4, $5, $6)
       ON CONFLICT (task, dedupe_key) WHERE dedupe_key IS NOT NULL AND ${UNFINISHED} DO NOTHING
       RETURNING id)
     SELECT ins.id FROM ins, pg_notify('${JOBS_CHANNEL}', $1) AS n`,
    [j.task, JSON.stringify(j.payload ?? null), j.runAt, j.dedupeKey, j.ownerId, j.maxAttempts],
  );
  return r.rows[0] ? Number(r.rows[0].id) : null;
}

export async function findUnfinishedByKey(q: Queryable, task: string, dedupeKey: string): Promise<number | null> {
  const r = await q.query<{ id: number }>(`SELECT id FROM jobs WHERE task = $1 AND dedupe_key = $2 AND ${UNFINISHED}`, [
    task,
    dedupeKey,
  ]);
  return r.rows[0] ? Number(r.rows[0].id) : null;
}

/**
 * Claims ready jobs for a worker: up to `free` per task and `limit` in all, oldest run_at first.
 * SKIP LOCKED lets parallel claims pass each other instead of waiting or taking the same row.
 */
export async function claimJobs(
  q: Queryable,
  workerId: string,
  caps: Array<{ task: string; free: number }>,
  limit: number,
): Promise<JobRecord[]> {
  if (!caps.length || limit < 1) return [];
  const r = await q.query(
    `WITH caps AS (SELECT * FROM unnest($2::text[], $3::int[]) AS c(task, free)),
     picked AS (
       SELECT j.id FROM caps CROSS JOIN LATERAL (
         SELECT id FROM jobs WHERE state = 'queued' AND task = caps.task AND run_at <= now()
         ORDER BY run_at, id LIMIT caps.free FOR UPDATE SKIP LOCKED) j
       LIMIT $4)
     UPDATE jobs SET state = 'running', attempts = attempts + 1, locked_by = $1, locked_at = now(), started_at = now(), updated_at = now()
     WHERE id IN (SELECT id FROM picked) AND state = 'queued'
     RETURNING ${COLUMNS}`,
    [workerId, caps.map((c) => c.task), caps.map((c) => c.free), limit],
  );
  return r.rows.map(toJob).sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
}

/** Refreshes the heartbeat; false when the job is no longer this lease's (cancelled, or given to another worker). */
export async function heartbeatJob(q: Queryable, l: JobLease): Promise<boolean> {
  return (await q.query(`UPDATE jobs SET locked_at = now() WHERE ${LEASE}`, leaseParams(l))).rowCount > 0;
}

/** Progress doubles as a heartbeat. */
export async function setJobProgress(
  q: Queryable,
  l: JobLease,
  progress: number,
  message: string | null,
): Promise<boolean> {
  const r = await q.query(
    `UPDATE jobs SET progress = $4, progress_message = coalesce($5, progress_message), locked_at = now(), updated_at = now() WHERE ${LEASE}`,
    [...leaseParams(l), progress, message],
  );
  return r.rowCount > 0;
}

export async function completeJob(q: Queryable, l: JobLease, result: unknown): Promise<boolean> {
  const r = await q.query(
    `UPDATE jobs SET state = 'succeeded', result = $4::jsonb, progress = 100, locked_by = NULL, locked_at = NULL,
       updated_at = now(), finished_at = now() WHERE ${LEASE}`,
    [...leaseParams(l), JSON.stringify(result ?? null)],
  );
  return r.rowCount > 0;
}

/** Records a failed attempt: queued again after retryInMs, or failed for good when retryInMs is null. */
export async function failJobAttempt(
  q: Queryable,
  l: JobLease,
  error: string,
  retryInMs: number | null,
): Promise<JobState | null> {
  const r = await q.query<{ state: JobState }>(
    `UPDATE jobs SET state = CASE WHEN $5::float8 IS NULL THEN 'failed' ELSE 'queued' END,
       run_at = CASE WHEN $5::float8 IS NULL THEN run_at ELSE now() + $5::float8 * interval '1 millisecond' END,
       finished_at = CASE WHEN $5::float8 IS NULL THEN now() END,
       last_error = $4, locked_by = NULL, locked_at = NULL, updated_at = now()
     WHERE ${LEASE} RETURNING state`,
    [...leaseParams(l), error, retryInMs],
  );
  return r.rows[0]?.state ?? null;
}

/** Gives a job back on shutdown without spending its attempt. */
export async function releaseJob(q: Queryable, l: JobLease): Promise<boolean> {
  const r = await q.query(
    `UPDATE jobs SET state = 'queued', attempts = attempts - 1, run_at = now(), locked_by = NULL, locked_at = NULL, updated_at = now()
     WHERE ${LEASE}`,
    leaseParams(l),
  );
  return r.rowCount > 0;
}

/**
 * Running jobs whose heartbeat is older than staleMs belong to a dead worker: queued again (the
 * attempt it spent counts) or failed when no attempt is left. `ownWorker` is the caller's id: its
 * own leases are alive (it runs them), however late their heartbeat, so it never reaps them (a
 * loaded event loop once made a worker reap and run again a job it was still running).
 */
export async function reapStaleJobs(
  q: Queryable,
  staleMs: number,
  error: string,
  ownWorker: string | null = null,
): Promise<Array<{ id: number; task: string; state: JobState }>> {
  const r = await q.query<{ id: number; task: string; state: JobState }>(
    `UPDATE jobs SET state = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'queued' END,
       finished_at = CASE WHEN attempts >= max_attempts THEN now() END,
       run_at = now(), last_error = $2, locked_by = NULL, locked_at = NULL, updated_at = now()
     WHERE state = 'running' AND locked_at < now() - $1::float8 * interval '1 millisecond'
       AND locked_by IS DISTINCT FROM $3::text
     RETURNING id, task, state`,
    [staleMs, error, ownWorker],
  );
  return r.rows.map((x) => ({ ...x, id: Number(x.id) }));
}

export async function findJob(q: Queryable, id: number): Promise<JobRecord | null> {
  const r = await q.query(`SELECT ${COLUMNS} FROM jobs WHERE id = $1`, [id]);
  return r.rows[0] ? toJob(r.rows[0]) : null;
}

export async function listJobs(
  q: Queryable,
  f: { state?: JobState; limit: number; offset: number },
): Promise<{ list: JobRecord[]; total: number }> {
  const where = f.state ? 'WHERE state = $1' : '';
  const params = f.state ? [f.state] : [];
  const [rows, count] = await Promise.all([
    q.query(
      `SELECT ${COLUMNS} FROM jobs ${where} ORDER BY id DESC LIMIT ${Number(f.limit)} OFFSET ${Number(f.offset)}`,
      params,
    ),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs ${where}`, params),
  ]);
  return { list: rows.rows.map(toJob), total: Number(count.rows[0].n) };
}

/** Staff retry: a failed or cancelled job runs again with its full attempts. Null when not in such a state. */
export async function requeueJob(q: Queryable, id: number): Promise<JobRecord | null> {
  const r = await q.query(
    `WITH up AS (
       UPDATE jobs SET state = 'queued', attempts = 0, run_at = now(), progress = 0, progress_message = NULL,
         finished_at = NULL, updated_at = now()
       WHERE id = $1 AND state IN ('failed', 'cancelled') RETURNING ${COLUMNS})
     SELECT up.* FROM up, pg_notify('${JOBS_CHANNEL}', up.task) AS n`,
    [id],
  );
  return r.rows[0] ? toJob(r.rows[0]) : null;
}

/** Staff cancel of a queued or running job; a running one is aborted at its worker's next heartbeat. */
export async function cancelJob(q: Queryable, id: number): Promise<JobRecord | null> {
  const r = await q.query(
    `UPDATE jobs SET state = 'cancelled', locked_by = NULL, locked_at = NULL, finished_at = now(), updated_at = now()
     WHERE id = $1 AND ${UNFINISHED} RETURNING ${COLUMNS}`,
    [id],
  );
  return r.rows[0] ? toJob(r.rows[0]) : null;
}

/** Unfinished jobs of the named tasks, or of every task whose name starts with `prefix` (the health check's seedPending). */
export async function countUnfinishedJobs(q: Queryable, f: { tasks: string[] } | { prefix: string }): Promise<number> {
  const r =
    'tasks' in f
      ? await q.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM jobs WHERE ${UNFINISHED} AND task = ANY($1::text[])`,
          [f.tasks],
        )
      : await q.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM jobs WHERE ${UNFINISHED} AND starts_with(task, $1)`,
          [f.prefix],
        );
  return Number(r.rows[0].n);
}

/** Unfinished jobs per task and state, and how long the oldest ready one has waited (for /metrics). */
export interface JobQueueStat {
  task: string;
  state: 'queued' | 'running';
  count: number;
  /** Seconds since the oldest job of this task and state became due (run_at); 0 when none is due yet. */
  oldestDueSeconds: number;
}

export async function jobQueueStats(q: Queryable): Promise<JobQueueStat[]> {
  // Reads the partial indexes of unfinished jobs only: finished rows, however many, cost nothing here.
  const r = await q.query<{ task: string; state: JobQueueStat['state']; n: number; age: number | null }>(
    `SELECT task, state, count(*)::int AS n,
            extract(epoch FROM now() - min(run_at) FILTER (WHERE run_at <= now()))::float8 AS age
       FROM jobs WHERE ${UNFINISHED} GROUP BY task, state ORDER BY task, state`,
  );
  return r.rows.map((x) => ({
    task: x.task,
    state: x.state,
    count: Number(x.n),
    oldestDueSeconds: Number(x.age ?? 0),
  }));
}

export interface JobRunStat {
  task: string;
  state: 'succeeded' | 'failed';
  count: number;
  p50Seconds: number;
  p95Seconds: number;
  maxSeconds: number;
}

/**
 * How long the jobs that finished in the last `windowSeconds` ran (their last attempt, start to
 * finish), per task and final state. Read from the table, so every app server reports the same
 * figures whichever process ran the jobs (workers serve no /metrics of their own). Cancelled jobs are
 * left out: one cancelled while queued again would count the time since its previous attempt.
 */
export async function jobRunStats(q: Queryable, windowSeconds: number): Promise<JobRunStat[]> {
  const r = await q.query<{
    task: string;
    state: JobRunStat['state'];
    n: number;
    p50: number;
    p95: number;
    max: number;
  }>(
    `SELECT task, state, count(*)::int AS n,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY s)::float8 AS p50,
            percentile_cont(0.95) WITHIN GROUP (ORDER BY s)::float8 AS p95,
            max(s)::float8 AS max
       FROM (SELECT task, state, extract(epoch FROM finished_at - started_at) AS s FROM jobs
              WHERE finished_at > now() - make_interval(secs => $1::float8) AND started_at IS NOT NULL
                AND state IN ('succeeded', 'failed')) recent
      GROUP BY task, state ORDER BY task, state`,
    [windowSeconds],
  );
  return r.rows.map((x) => ({
    task: x.task,
    state: x.state,
    count: Number(x.n),
    p50Seconds: Number(x.p50),
    p95Seconds: Number(x.p95),
    maxSeconds: Number(x.max),
  }));
}
