-- State that several app servers must agree on lives in the database, not in one process.

-- Fixed-window request counters of @fastify/rate-limit (server/src/http/rate-limit-store.ts).
CREATE TABLE rate_limit_counters (
  key        text PRIMARY KEY,
  hits       integer NOT NULL,
  window_end timestamptz NOT NULL
);
CREATE INDEX rate_limit_counters_window_end ON rate_limit_counters(window_end);

-- Catalogue-wide aggregates (home category counts, hot keywords): computed by whichever server
-- finds them stale, read by all (server/src/repositories/cached-aggregates.ts).
CREATE TABLE cached_aggregates (
  name        text PRIMARY KEY,
  value       jsonb NOT NULL,
  computed_at timestamptz NOT NULL DEFAULT now()
);
