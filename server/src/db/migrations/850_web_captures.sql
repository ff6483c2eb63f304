-- Web-page evidence (网页取证) and screen-recording evidence (录屏取证): one row per capture a user
-- ordered, run by the job queue (task capture.web) in a fresh headless Chromium context. The
-- artefacts live in the object store; their SHA-256 manifest is a 'web-capture' leaf of the
-- evidence log, with an RFC 3161 timestamp over the manifest. One service unit per capture
-- (ref web_capture:<id>), given back when the capture failed.
CREATE TABLE web_captures (
  id               bigserial PRIMARY KEY,
  user_id          bigint NOT NULL REFERENCES users(id),
  kind             text NOT NULL DEFAULT 'web' CHECK (kind IN ('web', 'screen')),
  title            text NOT NULL DEFAULT '',
  urls             jsonb NOT NULL,
  steps            jsonb NOT NULL DEFAULT '[]',
  -- 0 queued, 1 running, 2 done, 3 failed (lumen:status/web-capture)
  status           smallint NOT NULL DEFAULT 0,
  job_id           bigint,
  error            text,
  -- Per page: final url, http status, error, redirects.
  pages            jsonb NOT NULL DEFAULT '[]',
  -- Every stored artefact: {name, key, sha256, size, contentType}.
  artefacts        jsonb NOT NULL DEFAULT '[]',
  manifest_sha256  text,
  cert_no          text UNIQUE,
  log_index        bigint,
  leaf_hash        text,
  tsa_time         timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  finished_at      timestamptz
);
CREATE INDEX web_captures_user ON web_captures(user_id, kind, created_at DESC);
