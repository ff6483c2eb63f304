-- Wallet top-ups paid through a payment provider (sandbox WeChat Pay / Alipay). A top-up number
-- (prefix TU) stands where an order number would in the provider's callback; the verified callback
-- credits the wallet once: pending -> paid is a guarded update, and the wallet movement names the
-- top-up (wallet_transaction_id), so a replay or a re-sent notification credits nothing more.
CREATE TABLE wallet_topups (
  id                    bigserial PRIMARY KEY,
  topup_no              text NOT NULL UNIQUE,
  user_id               bigint NOT NULL REFERENCES users(id),
  amount_cents          int NOT NULL CHECK (amount_cents > 0),
  provider              text NOT NULL CHECK (provider IN ('wechat', 'alipay')),
  status                text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid')),
  transaction_id        text,
  wallet_transaction_id bigint REFERENCES wallet_transactions(id),
  created_at            timestamptz NOT NULL DEFAULT now(),
  paid_at               timestamptz
);
CREATE INDEX wallet_topups_user ON wallet_topups(user_id, id DESC);
