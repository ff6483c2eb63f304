-- Webhooks (issue 35): an account's endpoints, the events that happened (an outbox written in the
-- transaction of the business change), one delivery per event and endpoint (a job on the queue)
-- and every attempt of it with the receiver's answer.
CREATE TABLE webhook_endpoints (
  id           bigserial PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users(id),
  url          text NOT NULL,
  description  text NOT NULL DEFAULT '',
  events       text[] NOT NULL,
  enabled      boolean NOT NULL DEFAULT true,
  -- The signing secret, AES-256-GCM encrypted (server/src/services/webhooks/secret-box.ts): it must
  -- be readable to sign, so it cannot be hashed; a database dump alone does not reveal it.
  secret_box   text NOT NULL,
  -- Last four characters, so the owner can tell which secret a receiver holds.
  secret_hint  text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_endpoints_user ON webhook_endpoints(user_id, id);

CREATE TABLE webhook_events (
  id          text PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id),
  type        text NOT NULL,
  data        jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE webhook_deliveries (
  id           bigserial PRIMARY KEY,
  endpoint_id  bigint NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  event_id     text NOT NULL REFERENCES webhook_events(id),
  status       text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
  attempts     int NOT NULL DEFAULT 0,
  -- A resend is a new delivery of the same event (receivers de-duplicate by the event id).
  resent_from  bigint REFERENCES webhook_deliveries(id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  finished_at  timestamptz
);
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries(endpoint_id, id DESC);

CREATE TABLE webhook_attempts (
  id           bigserial PRIMARY KEY,
  delivery_id  bigint NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  attempt      int NOT NULL,
  started_at   timestamptz NOT NULL,
  duration_ms  int NOT NULL,
  status_code  int,
  error        text,
  -- The first bytes of the receiver's answer (WEBHOOK_LIMITS.answerExcerptBytes).
  answer       text,
  UNIQUE (delivery_id, attempt)
);
