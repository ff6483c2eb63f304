-- Login and identity (issue 4): one-time SMS codes, signature replay guard, sandbox SMS outbox,
-- WeChat QR tickets, login back-off counters, login events and ad-conversion uploads.

-- Codes are stored only as an HMAC; bound to phone + purpose; single use; attempts counted.
CREATE TABLE sms_codes (
  id          bigserial PRIMARY KEY,
  phone       text NOT NULL,
  purpose     text NOT NULL CHECK (purpose IN ('login', 'bind')),
  code_hash   text NOT NULL,
  ip          text,
  attempts    int NOT NULL DEFAULT 0,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sms_codes_phone ON sms_codes(phone, purpose, created_at DESC);
CREATE INDEX sms_codes_ip ON sms_codes(ip, created_at DESC);

-- A signature may be used once: replaying a signed send request is refused.
CREATE TABLE sms_signatures (
  sign        text PRIMARY KEY,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- What the sandbox SMS gateway "delivered" (read on the /dev/sms page; never used in production).
CREATE TABLE sms_sandbox_outbox (
  id          bigserial PRIMARY KEY,
  phone       text NOT NULL,
  content     text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- WeChat QR login tickets: pending -> scanned (openid known) -> consumed (token issued).
CREATE TABLE wechat_tickets (
  ticket      text PRIMARY KEY,
  state       text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'scanned', 'consumed')),
  openid      text,
  nickname    text,
  expires_at  timestamptz NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Failed password logins per key ('u:<username>' or 'ip:<address>') for back-off and lockout.
CREATE TABLE login_failures (
  key          text PRIMARY KEY,
  failures     int NOT NULL DEFAULT 0,
  locked_until timestamptz,
  updated_at   timestamptz NOT NULL DEFAULT now()
);

-- Login analytics action sent by the client after a successful login.
CREATE TABLE login_events (
  id          bigserial PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id),
  login_type  smallint,
  url         text,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Ad-conversion uploads (bd_vid), queued for the advertising platform's forwarder.
CREATE TABLE ad_conversions (
  id          bigserial PRIMARY KEY,
  user_id     bigint REFERENCES users(id),
  type        int NOT NULL,
  url         text NOT NULL,
  bd_vid      text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
