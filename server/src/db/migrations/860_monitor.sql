-- Copyright monitoring (server/src/services/monitor, SQL in server/src/repositories/monitor*.ts).
--  * monitor_fingerprints: PDQ hashes of works (one row per image, one per sampled video frame),
--    indexed for matching by multi-index hashing: `bands` holds 16 keys (band << 16 | 16-bit value)
--    and a GIN index on it answers "shares a band key with any of these 272 probes" without a scan.
--  * monitor_plans / monitor_plan_works / monitor_sources: a user's monitoring plan (paid for by
--    service orders of the 'monitor' service: one quota unit per work watched), its works and the
--    sites it crawls. monitor_runs: one row per crawl job.
--  * monitor_hits: one row per (work, media URL) found; read by the traceability pages too.
--  * monitor_false_positives: media hashes a user marked 不是我的作品, never reported again.
--  * monitor_licensee_sites: sites (hosts) declared by licence holders, for auto-approved use.

CREATE TABLE monitor_fingerprints (
  id       bigserial PRIMARY KEY,
  work_id  bigint NOT NULL REFERENCES materials(id) ON DELETE CASCADE,
  frame    int NOT NULL DEFAULT 0,            -- 0 for images; sampled frame index for video
  t        real NOT NULL DEFAULT 0,           -- seconds from the start (video)
  hash     text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  quality  smallint NOT NULL,
  bands    int[] NOT NULL,
  UNIQUE (work_id, frame)
);
CREATE INDEX monitor_fingerprints_bands ON monitor_fingerprints USING gin (bands);

-- Which works have been fingerprinted (and how): the sweep job picks approved works missing here.
CREATE TABLE monitor_fingerprinted (
  work_id    bigint PRIMARY KEY REFERENCES materials(id) ON DELETE CASCADE,
  kind       text NOT NULL CHECK (kind IN ('image', 'video')),
  frames     int NOT NULL DEFAULT 0,
  state      text NOT NULL CHECK (state IN ('ready', 'failed')),
  error      text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE monitor_plans (
  id          bigserial PRIMARY KEY,
  user_id     bigint NOT NULL UNIQUE REFERENCES users(id),
  frequency   text NOT NULL DEFAULT 'daily' CHECK (frequency IN ('daily', 'weekly')),
  next_run_at timestamptz NOT NULL DEFAULT now(),
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE monitor_plan_works (
  plan_id  bigint NOT NULL REFERENCES monitor_plans(id) ON DELETE CASCADE,
  work_id  bigint NOT NULL REFERENCES materials(id) ON DELETE CASCADE,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (plan_id, work_id)
);

CREATE TABLE monitor_sources (
  id              bigserial PRIMARY KEY,
  plan_id         bigint NOT NULL REFERENCES monitor_plans(id) ON DELETE CASCADE,
  kind            text NOT NULL CHECK (kind IN ('web', 'platform')),
  name            text NOT NULL,
  url             text NOT NULL,
  max_depth       smallint NOT NULL DEFAULT 2,
  last_crawled_at timestamptz,
  last_status     text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (plan_id, url)
);

CREATE TABLE monitor_runs (
  id          bigserial PRIMARY KEY,
  plan_id     bigint NOT NULL REFERENCES monitor_plans(id) ON DELETE CASCADE,
  job_id      bigint,
  pages       int NOT NULL DEFAULT 0,
  media       int NOT NULL DEFAULT 0,
  hits        int NOT NULL DEFAULT 0,
  error       text,
  started_at  timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX monitor_runs_plan ON monitor_runs(plan_id, id DESC);

CREATE TABLE monitor_hits (
  id            bigserial PRIMARY KEY,
  work_id       bigint NOT NULL REFERENCES materials(id) ON DELETE CASCADE,
  owner_id      bigint NOT NULL REFERENCES users(id),
  source_id     bigint REFERENCES monitor_sources(id) ON DELETE SET NULL,
  media_kind    text NOT NULL CHECK (media_kind IN ('image', 'video')),
  page_url      text NOT NULL,
  media_url     text NOT NULL,
  media_hash    text NOT NULL,                 -- PDQ of the found image / first matching frame
  thumb_key     text,                          -- stored thumbnail of the found copy
  similarity    real NOT NULL CHECK (similarity >= 0 AND similarity <= 1),
  distance      int NOT NULL,
  time_range    jsonb,                         -- video: {original: [s, e], candidate: [s, e]}
  status        text NOT NULL DEFAULT 'pending'
                CHECK (status IN ('pending', 'approved', 'licensed', 'not_mine', 'ignored', 'takedown', 'offered')),
  licence_id    bigint REFERENCES licences(id),
  evidence      jsonb,                         -- {index, sha256, screenshotKey, capturedAt}
  takedown_key  text,                          -- stored 侵权通知函 PDF
  offer_token   text UNIQUE,
  offer_scenario text,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (work_id, media_url)
);
CREATE INDEX monitor_hits_owner ON monitor_hits(owner_id, media_kind, id DESC);

CREATE TABLE monitor_hit_events (
  id         bigserial PRIMARY KEY,
  hit_id     bigint NOT NULL REFERENCES monitor_hits(id) ON DELETE CASCADE,
  actor_id   bigint,
  action     text NOT NULL,
  detail     jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX monitor_hit_events_hit ON monitor_hit_events(hit_id, id);

CREATE TABLE monitor_false_positives (
  owner_id   bigint NOT NULL REFERENCES users(id),
  media_hash text NOT NULL,
  work_id    bigint NOT NULL REFERENCES materials(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (owner_id, work_id, media_hash)
);

CREATE TABLE monitor_licensee_sites (
  user_id    bigint NOT NULL REFERENCES users(id),
  host       text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (host, user_id)
);
