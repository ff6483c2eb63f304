-- Gift cards (issue 16). A card is bought for someone else through an ordinary order (kind
-- 'gift_card', paid at the cashier) or made by staff in a batch; its random code is redeemed once
-- into the redeemer's wallet (a conditional UPDATE decides between parallel redemptions). Failed
-- redemption attempts are counted per account to rate-limit guessing.
ALTER TABLE orders DROP CONSTRAINT orders_kind_check;
ALTER TABLE orders ADD CONSTRAINT orders_kind_check CHECK (kind IN ('material', 'service', 'gift_card'));

CREATE TABLE gift_card_batches (
  id           bigserial PRIMARY KEY,
  created_by   bigint NOT NULL REFERENCES users(id),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  count        int NOT NULL CHECK (count > 0),
  note         text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE gift_cards (
  id              bigserial PRIMARY KEY,
  code            text NOT NULL UNIQUE,
  amount_cents    bigint NOT NULL CHECK (amount_cents > 0),
  -- Exactly one origin: a buyer's order or a staff batch.
  order_id        bigint REFERENCES orders(id),
  batch_id        bigint REFERENCES gift_card_batches(id),
  buyer_id        bigint REFERENCES users(id),
  recipient_name  text,
  message         text,
  status          smallint NOT NULL DEFAULT 0,   -- lumen:status/gift-card
  valid_days      int NOT NULL,
  expires_at      timestamptz,                   -- set when the card becomes redeemable
  redeemed_by     bigint REFERENCES users(id),
  redeemed_at     timestamptz,
  wallet_tx_id    bigint,
  created_at      timestamptz NOT NULL DEFAULT now(),
  CHECK ((order_id IS NULL) <> (batch_id IS NULL))
);
CREATE INDEX gift_cards_order ON gift_cards(order_id);
CREATE INDEX gift_cards_buyer ON gift_cards(buyer_id, id DESC);
CREATE INDEX gift_cards_batch ON gift_cards(batch_id, id);

CREATE TABLE gift_card_attempts (
  id         bigserial PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users(id),
  ip         text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gift_card_attempts_user ON gift_card_attempts(user_id, created_at DESC);
