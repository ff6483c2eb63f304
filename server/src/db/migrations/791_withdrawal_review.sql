-- Staff review of withdrawals and their payout through the payment adapter.
-- Statuses (lumen:status/withdrawal): 0 pending review, 4 paying (approved, payout asked),
-- 1 paid, 2 rejected (amount back to available, reason shown to the creator), 3 cancelled.
-- payout_no is our transfer number, the provider's idempotency key (Alipay out_biz_no): asking
-- again with it never pays twice.
ALTER TABLE withdrawals
  ADD COLUMN payout_no     text UNIQUE,
  ADD COLUMN payout_id     text,
  ADD COLUMN reject_reason text,
  ADD COLUMN reviewed_by   bigint REFERENCES users(id),
  ADD COLUMN claimed_at    timestamptz,
  ADD COLUMN paid_at       timestamptz;
CREATE INDEX withdrawals_review ON withdrawals(status, created_at);

-- Every status change of a withdrawal: who (creator, staff, system), when, from, to, why.
CREATE TABLE withdrawal_events (
  id            bigserial PRIMARY KEY,
  withdrawal_id bigint NOT NULL REFERENCES withdrawals(id) ON DELETE CASCADE,
  actor_id      bigint REFERENCES users(id),
  actor_role    text NOT NULL CHECK (actor_role IN ('creator', 'staff', 'system')),
  action        text NOT NULL CHECK (action IN ('requested', 'approved', 'paid', 'payout_failed', 'rejected', 'cancelled')),
  from_status   smallint,
  to_status     smallint NOT NULL,
  note          text NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX withdrawal_events_withdrawal ON withdrawal_events(withdrawal_id, id);

INSERT INTO withdrawal_events(withdrawal_id, actor_id, actor_role, action, from_status, to_status, created_at)
SELECT id, user_id, 'creator', 'requested', NULL, 0, created_at FROM withdrawals;
INSERT INTO withdrawal_events(withdrawal_id, actor_id, actor_role, action, from_status, to_status, created_at)
SELECT id, user_id, 'creator', 'cancelled', 0, 3, updated_at FROM withdrawals WHERE status = 3;

-- The payment sandbox's books of transfers (payouts), once per (provider, payout number).
CREATE TABLE sandbox_payouts (
  provider     text NOT NULL,
  payout_no    text NOT NULL,
  payout_id    text NOT NULL,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  payee_type   text NOT NULL,
  account_no   text NOT NULL,
  account_name text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, payout_no)
);
