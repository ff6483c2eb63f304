-- Creator earnings ledger: one row per paid order line of a creator's work, credited in the
-- payment's own transaction (services/earnings.ts) at the revenue share staff publish in
-- lumen:earnings/revenue-share, and reversed when the order is refunded.
--
-- creator_earnings already held what withdrawals draw on (seed credits, manual adjustments); its
-- rows gain the sale they come from. UNIQUE(order_item_id) makes a replayed payment credit once.
-- Stored are the facts that events set: available_at (end of the holding period) and reversed_at
-- (the refund). The state a creator sees is derived from them on read, so no job has to move rows:
--   reversed   reversed_at IS NOT NULL
--   pending    available_at > now()                  (holding period; not withdrawable)
--   available  available_at <= now()                 (withdrawable)
--   withdrawn  available and covered, oldest first, by paid withdrawals
-- Withdrawals draw on the balance (available minus pending and paid withdrawals), not on rows, so
-- an amount never has to be split across sales.
ALTER TABLE creator_earnings
  ADD COLUMN order_id       bigint REFERENCES orders(id),
  ADD COLUMN order_item_id  bigint UNIQUE REFERENCES order_items(id),
  ADD COLUMN scenario       text,
  ADD COLUMN buyer_type     text CHECK (buyer_type IN ('PERSONAL', 'ORGANISATIONS')),
  ADD COLUMN gross_cents    bigint CHECK (gross_cents >= 0),
  ADD COLUMN share_percent  numeric(5, 2) CHECK (share_percent >= 0 AND share_percent <= 100),
  ADD COLUMN available_at   timestamptz,
  ADD COLUMN reversed_at    timestamptz,
  ADD COLUMN refund_id      bigint REFERENCES refunds(id);

-- Earlier credits (seed, adjustments) were withdrawable at once.
UPDATE creator_earnings SET available_at = created_at;
ALTER TABLE creator_earnings ALTER COLUMN available_at SET NOT NULL, ALTER COLUMN available_at SET DEFAULT now();
CREATE INDEX creator_earnings_user_time ON creator_earnings(user_id, available_at, id);
CREATE INDEX creator_earnings_order ON creator_earnings(order_id) WHERE order_id IS NOT NULL;

-- Creators with an exclusive contributor agreement earn the exclusive rate of the share rule.
ALTER TABLE users ADD COLUMN exclusive_creator boolean NOT NULL DEFAULT false;

-- A paid order staff refund in full: its licences are revoked, its payment becomes a refund due
-- (reason order_refunded) settled through the existing refund flow, its earnings reversed.
ALTER TABLE orders DROP CONSTRAINT orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN ('pending', 'paid', 'expired', 'cancelled', 'refunded'));
ALTER TABLE orders ADD COLUMN refunded_at timestamptz;
ALTER TABLE refunds DROP CONSTRAINT refunds_reason_check;
ALTER TABLE refunds ADD CONSTRAINT refunds_reason_check CHECK (reason IN ('paid_twice', 'paid_after_close', 'amount_mismatch', 'order_refunded'));
ALTER TABLE refunds ADD COLUMN note text NOT NULL DEFAULT '';
ALTER TABLE licences ADD COLUMN revoked_at timestamptz;
