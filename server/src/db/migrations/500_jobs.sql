-- The durable job queue (server/src/jobs). One row per job; finished rows are kept (state, result,
-- error) so owners and staff can read what happened. Workers claim with FOR UPDATE SKIP LOCKED.
CREATE TABLE jobs (
  id               bigserial PRIMARY KEY,
  task             text NOT NULL,
  payload          jsonb NOT NULL DEFAULT '{}'::jsonb,
  state            text NOT NULL DEFAULT 'queued'
                   CHECK (state IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
  attempts         integer NOT NULL DEFAULT 0,          -- incremented when a worker claims the job
  max_attempts     integer NOT NULL DEFAULT 5 CHECK (max_attempts BETWEEN 1 AND 100),
  run_at           timestamptz NOT NULL DEFAULT now(),  -- not before; retries move it (backoff)
  locked_by        text,                                -- worker id while running
  locked_at        timestamptz,                         -- heartbeat; stale = the worker died
  progress         smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  progress_message text,
  last_error       text,
  result           jsonb,
  owner_id         bigint REFERENCES users(id) ON DELETE SET NULL,
  dedupe_key       text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  finished_at      timestamptz
);

-- A dedupe key names at most one unfinished job per task; once it finishes the key is free again.
CREATE UNIQUE INDEX jobs_dedupe_unfinished ON jobs(task, dedupe_key)
  WHERE dedupe_key IS NOT NULL AND state IN ('queued', 'running');
-- The claim query: queued jobs of a task whose time has come, oldest first.
CREATE INDEX jobs_ready ON jobs(task, run_at, id) WHERE state = 'queued';
-- The stale-heartbeat sweep.
CREATE INDEX jobs_running ON jobs(locked_at) WHERE state = 'running';
-- Staff list by state, newest first; owners' own jobs.
CREATE INDEX jobs_state_id ON jobs(state, id DESC);
CREATE INDEX jobs_owner ON jobs(owner_id, id DESC) WHERE owner_id IS NOT NULL;
