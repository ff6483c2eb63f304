-- Invitation rewards (issue 16): a user registered with inviteId = another user's id is that
-- user's invitee. The invitee's first paid order credits the inviter's wallet once (UNIQUE
-- invitee_id); a refund of that order reverses the reward (wallet kind invite_reversal).
CREATE TABLE invite_rewards (
  id              bigserial PRIMARY KEY,
  inviter_id      bigint NOT NULL REFERENCES users(id),
  invitee_id      bigint NOT NULL UNIQUE REFERENCES users(id),
  order_id        bigint NOT NULL REFERENCES orders(id),
  kind            text NOT NULL CHECK (kind IN ('personal', 'company')),
  amount_cents    bigint NOT NULL CHECK (amount_cents > 0),
  wallet_tx_id    bigint,
  status          text NOT NULL DEFAULT 'credited' CHECK (status IN ('credited', 'reversed')),
  reversal_tx_id  bigint,
  created_at      timestamptz NOT NULL DEFAULT now(),
  reversed_at     timestamptz,
  CHECK (inviter_id <> invitee_id)
);
CREATE INDEX invite_rewards_inviter ON invite_rewards(inviter_id, id DESC);
CREATE INDEX invite_rewards_order ON invite_rewards(order_id);
