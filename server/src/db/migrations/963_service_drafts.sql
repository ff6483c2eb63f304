-- Autosaved drafts of copyright-service applications (/cyprotect/myspsdraft). form_id is the
-- form schema's $id; data is what the form held (fields only, never files). A draft lives until
-- expires_at (last change + lumen:cyprotect/drafts ttlDays) and is never served after it.
CREATE TABLE service_drafts (
  id         bigserial PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  form_id    text NOT NULL,
  title      text NOT NULL,
  data       jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX service_drafts_user ON service_drafts(user_id, updated_at DESC);
CREATE INDEX service_drafts_expiry ON service_drafts(expires_at);
