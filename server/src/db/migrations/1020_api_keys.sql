-- Issue #35: API keys of accounts and sub-accounts. Only the SHA-256 of the secret is kept (a
-- random 32-byte secret needs no slow hash), with its first characters to tell keys apart.
CREATE TABLE api_keys (
  id                  bigserial PRIMARY KEY,
  user_id             bigint NOT NULL REFERENCES users(id),
  name                text NOT NULL,
  prefix              text NOT NULL,
  secret_hash         text NOT NULL UNIQUE,
  scopes              text[] NOT NULL,
  ip_allow            text[] NOT NULL DEFAULT '{}',
  requests_per_minute int NOT NULL,
  daily_licences      int,
  monthly_spend_cents bigint,
  created_at          timestamptz NOT NULL DEFAULT now(),
  last_used_at        timestamptz,
  expires_at          timestamptz,
  revoked_at          timestamptz,
  revoked_by          bigint REFERENCES users(id)
);
CREATE INDEX api_keys_user ON api_keys(user_id, id);

-- Idempotency-Key of v1 POSTs that move money or create evidence: one row per key and header
-- value, inserted before the work (so a parallel twin waits for it) and holding the answer after.
CREATE TABLE api_idempotency (
  key_id       bigint NOT NULL REFERENCES api_keys(id),
  idem_key     text NOT NULL,
  request_hash text NOT NULL,
  status       int,
  answer       jsonb,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (key_id, idem_key)
);
CREATE INDEX api_idempotency_created ON api_idempotency(created_at);

-- Short-lived download links of licensed originals when the file store cannot presign (local disk).
CREATE TABLE api_download_grants (
  token_hash  text PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id),
  material_id bigint NOT NULL,
  licence_id  bigint NOT NULL,
  expires_at  timestamptz NOT NULL
);
