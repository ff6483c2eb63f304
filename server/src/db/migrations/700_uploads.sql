-- Chunked resumable uploads (simple-uploader.js protocol). A server-issued upload id is the
-- protocol's identifier; each received chunk is one row, inserted only after its bytes are stored,
-- so a crash never records a chunk that is not on disk. Assembled originals are stored once per
-- SHA-256 (upload_blobs); many uploads may point at one blob.

CREATE TABLE upload_blobs (
  sha256       text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  storage_key  text NOT NULL,
  size         bigint NOT NULL CHECK (size > 0),
  mime         text NOT NULL,
  -- What the content check measured (width, height, duration).
  meta         jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at   timestamptz NOT NULL DEFAULT now()
);

-- receiving -> assembling -> complete | failed; receiving -> expired | cancelled.
-- A stale 'assembling' (process died mid-assembly) goes back to 'receiving' and is assembled again.
CREATE TABLE uploads (
  id             text PRIMARY KEY CHECK (id ~ '^u[0-9a-f]{24}$'),
  user_id        bigint NOT NULL REFERENCES users(id),
  -- Material type code (lumen:enums/material-type) whose upload rule applies.
  work_type      smallint NOT NULL,
  filename       text NOT NULL,
  total_size     bigint NOT NULL CHECK (total_size > 0),
  chunk_size     integer NOT NULL CHECK (chunk_size > 0),
  total_chunks   integer NOT NULL CHECK (total_chunks > 0),
  -- SHA-256 the browser computed (only used to find a stored original; never trusted as proof).
  claimed_sha256 text,
  -- Instant upload of another user's identical file needs proof of possession: the SHA-256 of this
  -- server-chosen byte range of the file. One challenge per upload (cleared once answered).
  proof_offset   bigint,
  proof_length   integer,
  state          text NOT NULL DEFAULT 'receiving'
                 CHECK (state IN ('receiving', 'assembling', 'complete', 'failed', 'expired', 'cancelled')),
  sha256         text REFERENCES upload_blobs(sha256),
  error          text,
  expires_at     timestamptz NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  completed_at   timestamptz
);
CREATE INDEX uploads_user_state ON uploads(user_id, state);
CREATE INDEX uploads_open_expiry ON uploads(expires_at) WHERE state IN ('receiving', 'assembling');

CREATE TABLE upload_chunks (
  upload_id   text NOT NULL REFERENCES uploads(id) ON DELETE CASCADE,
  chunk_no    integer NOT NULL CHECK (chunk_no > 0),
  size        integer NOT NULL CHECK (size > 0),
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (upload_id, chunk_no)
);
