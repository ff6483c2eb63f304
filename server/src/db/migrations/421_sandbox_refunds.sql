-- The payment sandbox's own books (the provider side): refunds it accepted, once per refund number.
CREATE TABLE sandbox_refunds (
  id             bigserial PRIMARY KEY,
  provider       text NOT NULL,
  refund_no      text NOT NULL,
  refund_id      text NOT NULL,
  transaction_id text NOT NULL,
  order_no       text NOT NULL,
  amount_cents   int NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, refund_no)
);
