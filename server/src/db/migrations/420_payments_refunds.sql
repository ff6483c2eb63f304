-- Money in and money owed back, each recorded once.
--  * payments: every payment that reached us, once per provider transaction (the provider's own
--    transaction id; wallet payments use their wallet transaction id). A provider that notifies the
--    same transaction twice, under new notification ids, hits UNIQUE(provider, transaction_id).
--  * refunds: every payment that granted nothing (a 2nd, 3rd... payment of one order, a payment after
--    the order closed, a payment of the wrong amount) is a refund due, settled by staff through the
--    payment's own channel. refund_no is our refund request number, the provider's idempotency key.
-- They replace the single refund recorded on the order (refund_status/refund_cents), which could hold
-- only one surplus payment; those rows are carried over.

ALTER TABLE pay_notifications ADD COLUMN transaction_id text;

CREATE TABLE payments (
  id             bigserial PRIMARY KEY,
  provider       text NOT NULL CHECK (provider IN ('wechat', 'alipay', 'wallet')),
  transaction_id text NOT NULL,
  order_id       bigint NOT NULL REFERENCES orders(id),
  user_id        bigint NOT NULL REFERENCES users(id),
  amount_cents   int NOT NULL CHECK (amount_cents >= 0),
  created_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, transaction_id)
);
CREATE INDEX payments_order ON payments(order_id);

CREATE TABLE refunds (
  id                    bigserial PRIMARY KEY,
  payment_id            bigint NOT NULL UNIQUE REFERENCES payments(id),
  order_id              bigint NOT NULL REFERENCES orders(id),
  user_id               bigint NOT NULL REFERENCES users(id),
  provider              text NOT NULL,
  amount_cents          int NOT NULL CHECK (amount_cents >= 0),
  reason                text NOT NULL CHECK (reason IN ('paid_twice', 'paid_after_close', 'amount_mismatch')),
  -- due -> processing (claimed by one settle call, provider asked) -> refunded
  status                text NOT NULL DEFAULT 'due' CHECK (status IN ('due', 'processing', 'refunded')),
  refund_no             text NOT NULL UNIQUE,
  provider_refund_id    text,
  wallet_transaction_id bigint REFERENCES wallet_transactions(id),
  claimed_at            timestamptz,
  settled_by            bigint REFERENCES users(id),
  settled_at            timestamptz,
  created_at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refunds_order ON refunds(order_id);
CREATE INDEX refunds_open ON refunds(id) WHERE status <> 'refunded';

-- Payments already taken: the paying one of each paid order, and each recorded late payment.
INSERT INTO payments(provider, transaction_id, order_id, user_id, amount_cents, created_at)
SELECT o.pay_method, 'legacy-' || o.order_no, o.id, o.user_id, o.amount_cents, COALESCE(o.paid_at, o.created_at)
FROM orders o WHERE o.status = 'paid' AND o.pay_method IN ('wechat', 'alipay', 'wallet');

INSERT INTO payments(provider, transaction_id, order_id, user_id, amount_cents)
SELECT o.late_pay_method, 'legacy-late-' || o.order_no, o.id, o.user_id, o.refund_cents
FROM orders o WHERE o.refund_status IS NOT NULL AND o.late_pay_method IN ('wechat', 'alipay', 'wallet');

INSERT INTO refunds(payment_id, order_id, user_id, provider, amount_cents, reason, status, refund_no)
SELECT p.id, o.id, o.user_id, p.provider, p.amount_cents,
       CASE WHEN o.status = 'paid' THEN 'paid_twice' ELSE 'paid_after_close' END,
       CASE WHEN o.refund_status = 'refunded' THEN 'refunded' ELSE 'due' END,
       'RF' || o.order_no || 'L'
FROM orders o JOIN payments p ON p.order_id = o.id AND p.transaction_id = 'legacy-late-' || o.order_no;

ALTER TABLE orders DROP COLUMN refund_status;
ALTER TABLE orders DROP COLUMN refund_cents;
ALTER TABLE orders DROP COLUMN late_pay_method;
