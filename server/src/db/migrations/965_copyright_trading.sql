-- Copyright trading (/cytransfer/*). A listing names the proof of title it rests on (the seller's
-- completed deposit or issued registration) and is public only after staff approve it. A deal is
-- one buyer's purchase of a listing: price agreed (fixed, or an accepted offer), the buyer's
-- wallet money held in escrow, a contract both parties sign with an SMS code, then the escrow is
-- released to the seller and the transfer entered in the evidence log (ledger_height).
CREATE TABLE copyright_listings (
  id            bigserial PRIMARY KEY,
  seller_id     bigint NOT NULL REFERENCES users(id),
  proof_type    text NOT NULL CHECK (proof_type IN ('deposit', 'registration')),
  proof_id      bigint NOT NULL,
  work_name     text NOT NULL,
  work_category int NOT NULL,
  mode          text NOT NULL CHECK (mode IN ('transfer', 'licence')),
  rights        text[] NOT NULL,
  territory     text NOT NULL,
  term_years    int,
  exclusive     boolean NOT NULL,
  price_cents   bigint CHECK (price_cents > 0),      -- NULL = make an offer
  description   text NOT NULL DEFAULT '',
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'listed', 'rejected', 'sold', 'withdrawn')),
  reject_reason text,
  reviewed_by   bigint REFERENCES users(id),
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX copyright_listings_market ON copyright_listings(status, created_at DESC);
CREATE INDEX copyright_listings_seller ON copyright_listings(seller_id, created_at DESC);

CREATE TABLE copyright_deals (
  id               bigserial PRIMARY KEY,
  listing_id       bigint NOT NULL REFERENCES copyright_listings(id),
  buyer_id         bigint NOT NULL REFERENCES users(id),
  seller_id        bigint NOT NULL REFERENCES users(id),
  price_cents      bigint NOT NULL CHECK (price_cents > 0),
  message          text NOT NULL DEFAULT '',
  -- offered -> accepted (seller) -> escrowed (buyer paid) -> completed (both signed); or declined / cancelled.
  status           text NOT NULL CHECK (status IN ('offered', 'accepted', 'escrowed', 'completed', 'declined', 'cancelled')),
  escrow_tx_id     bigint REFERENCES wallet_transactions(id),
  release_tx_id    bigint REFERENCES wallet_transactions(id),
  contract_sha256  text,
  buyer_signed_at  timestamptz,
  buyer_sign_ip    text,
  seller_signed_at timestamptz,
  seller_sign_ip   text,
  ledger_height    bigint,
  completed_at     timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now()
);
-- At most one deal per listing past the offer stage: a listing cannot be sold twice.
CREATE UNIQUE INDEX copyright_deals_one_live ON copyright_deals(listing_id) WHERE status IN ('accepted', 'escrowed', 'completed');
CREATE INDEX copyright_deals_buyer ON copyright_deals(buyer_id, created_at DESC);
CREATE INDEX copyright_deals_seller ON copyright_deals(seller_id, created_at DESC);

-- Signing the contract is confirmed by an SMS code of its own purpose.
ALTER TABLE sms_codes DROP CONSTRAINT sms_codes_purpose_check;
ALTER TABLE sms_codes ADD CONSTRAINT sms_codes_purpose_check CHECK (purpose IN ('login', 'bind', 'sign'));
