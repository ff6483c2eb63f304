-- Trade: collect albums, cart, coupons, orders, payment notifications, licences, downloads, wallet.

CREATE TABLE collect_albums (
  id          bigserial PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id),
  name        text NOT NULL,
  -- Only shared albums are visible at /personalcollect/{id}.
  shared      boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX collect_albums_user ON collect_albums(user_id, id DESC);

CREATE TABLE collect_items (
  album_id    bigint NOT NULL REFERENCES collect_albums(id) ON DELETE CASCADE,
  material_id bigint NOT NULL REFERENCES materials(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (album_id, material_id)
);

-- One cart line per material; adding it again changes the scenario.
CREATE TABLE cart_items (
  id          bigserial PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id),
  material_id bigint NOT NULL REFERENCES materials(id) ON DELETE CASCADE,
  scenario    text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, material_id)
);

-- Coupon status (spec §4): 0 unusable (not yet valid), 1 usable, 2 used, 3 expired, 4 cancelled.
CREATE TABLE coupons (
  id              bigserial PRIMARY KEY,
  user_id         bigint NOT NULL REFERENCES users(id),
  name            text NOT NULL,
  amount_cents    int NOT NULL CHECK (amount_cents > 0),
  threshold_cents int NOT NULL DEFAULT 0 CHECK (threshold_cents >= 0),
  status          smallint NOT NULL DEFAULT 1 CHECK (status BETWEEN 0 AND 4),
  valid_from      timestamptz NOT NULL DEFAULT now(),
  expires_at      timestamptz NOT NULL,
  order_id        bigint,
  used_at         timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX coupons_user ON coupons(user_id, status);

CREATE TABLE orders (
  id              bigserial PRIMARY KEY,
  order_no        text NOT NULL UNIQUE,
  user_id         bigint NOT NULL REFERENCES users(id),
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'expired', 'cancelled')),
  source          text NOT NULL CHECK (source IN ('cart', 'direct')),
  licensee_type   text NOT NULL CHECK (licensee_type IN ('PERSONAL', 'ORGANISATIONS')),
  licensee_name   text NOT NULL,
  subtotal_cents  int NOT NULL,
  discount_cents  int NOT NULL DEFAULT 0,
  amount_cents    int NOT NULL CHECK (amount_cents >= 0),
  coupon_id       bigint REFERENCES coupons(id),
  pay_method      text,
  paid_at         timestamptz,
  expires_at      timestamptz NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_user ON orders(user_id, id DESC);
CREATE INDEX orders_pending ON orders(expires_at) WHERE status = 'pending';

CREATE TABLE order_items (
  id            bigserial PRIMARY KEY,
  order_id      bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  material_id   bigint NOT NULL REFERENCES materials(id),
  title         text NOT NULL,
  material_type smallint NOT NULL,
  scenario      text NOT NULL,
  level         text NOT NULL,
  price_cents   int NOT NULL
);
CREATE INDEX order_items_order ON order_items(order_id);

-- Every verified provider callback, once: a replay hits the unique key and changes nothing.
CREATE TABLE pay_notifications (
  id           bigserial PRIMARY KEY,
  provider     text NOT NULL,
  notify_id    text NOT NULL,
  order_no     text NOT NULL,
  amount_cents int NOT NULL,
  trade_status text NOT NULL,
  result       text NOT NULL DEFAULT 'received',
  created_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, notify_id)
);

CREATE TABLE licences (
  id            bigserial PRIMARY KEY,
  user_id       bigint NOT NULL REFERENCES users(id),
  order_id      bigint NOT NULL REFERENCES orders(id),
  order_item_id bigint NOT NULL UNIQUE REFERENCES order_items(id),
  material_id   bigint NOT NULL REFERENCES materials(id),
  scenario      text NOT NULL,
  level         text NOT NULL,
  licensee_type text NOT NULL,
  licensee_name text NOT NULL,
  verify_code   text NOT NULL UNIQUE,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX licences_user_material ON licences(user_id, material_id);

CREATE TABLE downloads (
  id          bigserial PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id),
  material_id bigint NOT NULL REFERENCES materials(id),
  licence_id  bigint REFERENCES licences(id),
  kind        text NOT NULL CHECK (kind IN ('original', 'certificate')),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX downloads_user ON downloads(user_id, id DESC);

CREATE TABLE wallet_transactions (
  id            bigserial PRIMARY KEY,
  user_id       bigint NOT NULL REFERENCES users(id),
  amount_cents  bigint NOT NULL,            -- negative = debit
  balance_after bigint NOT NULL,
  kind          text NOT NULL,              -- pay, recharge, refund, seed
  order_id      bigint REFERENCES orders(id),
  note          text NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wallet_transactions_user ON wallet_transactions(user_id, id DESC);
