-- Copyright-service orders and user notifications.
--  * A service order is an ordinary order (kind 'service'), so it is priced, discounted, paid,
--    called back, refunded and invoiced by the same code as material orders; service_orders holds
--    what was bought (the package of lumen:services/copyright-services) and its quota.
--  * service_quota_uses records each unit used, once per (user, service, ref) while not released,
--    so a retried consumption never takes a second unit and a failed use can give its unit back.
--  * notifications: the account centre's inbox.

ALTER TABLE orders ADD COLUMN kind text NOT NULL DEFAULT 'material' CHECK (kind IN ('material', 'service'));

CREATE TABLE service_orders (
  id             bigserial PRIMARY KEY,
  order_id       bigint NOT NULL UNIQUE REFERENCES orders(id),
  user_id        bigint NOT NULL REFERENCES users(id),
  service        text NOT NULL,
  sku            text NOT NULL,
  title          text NOT NULL,
  -- Packages bought in this order, and the units they grant in total.
  count          int NOT NULL CHECK (count > 0),
  quantity       int NOT NULL CHECK (quantity > 0),
  used           int NOT NULL DEFAULT 0,
  price_cents    int NOT NULL CHECK (price_cents >= 0),
  valid_days     int NOT NULL DEFAULT 0 CHECK (valid_days >= 0),
  activated_at   timestamptz,
  expires_at     timestamptz,
  -- Unused units paid back (refundUnused): the order keeps the units used, the rest is closed.
  refunded_units int,
  refund_id      bigint REFERENCES refunds(id),
  refunded_at    timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (used >= 0 AND used <= quantity)
);
CREATE INDEX service_orders_user ON service_orders(user_id, service, id);

CREATE TABLE service_quota_uses (
  id               bigserial PRIMARY KEY,
  service_order_id bigint NOT NULL REFERENCES service_orders(id),
  user_id          bigint NOT NULL REFERENCES users(id),
  service          text NOT NULL,
  ref              text NOT NULL,
  quantity         int NOT NULL CHECK (quantity > 0),
  released_at      timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX service_quota_uses_ref ON service_quota_uses(user_id, service, ref) WHERE released_at IS NULL;
CREATE INDEX service_quota_uses_order ON service_quota_uses(service_order_id, id DESC);

ALTER TABLE refunds DROP CONSTRAINT refunds_reason_check;
ALTER TABLE refunds ADD CONSTRAINT refunds_reason_check CHECK (reason IN ('paid_twice', 'paid_after_close', 'amount_mismatch', 'order_refunded', 'unused_quota'));

CREATE TABLE notifications (
  id          bigserial PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id),
  kind        text NOT NULL,
  title       text NOT NULL,
  body        text NOT NULL DEFAULT '',
  link        text,
  -- Set by callers that may run twice (jobs, callbacks): the second notify is a no-op.
  dedupe_key  text,
  read_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user ON notifications(user_id, id DESC);
CREATE INDEX notifications_unread ON notifications(user_id) WHERE read_at IS NULL;
CREATE UNIQUE INDEX notifications_dedupe ON notifications(user_id, dedupe_key) WHERE dedupe_key IS NOT NULL;
