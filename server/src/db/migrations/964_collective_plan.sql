-- Collective copyright plan (/copyrightPlan, /cyprotect/mycollective), rules in lumen:cyprotect/collective-plan.
-- A member is in the plan while leaves_at is NULL or in the future (the notice period counts).
CREATE TABLE collective_members (
  user_id            bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  joined_at          timestamptz NOT NULL DEFAULT now(),
  leave_requested_at timestamptz,
  leaves_at          timestamptz
);

-- The works a member put into the pool.
CREATE TABLE collective_works (
  user_id     bigint NOT NULL REFERENCES collective_members(user_id) ON DELETE CASCADE,
  material_id bigint NOT NULL REFERENCES materials(id) ON DELETE CASCADE,
  added_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, material_id)
);
CREATE UNIQUE INDEX collective_works_material ON collective_works(material_id);

-- Pool income (a collective licence a platform paid), recorded once per reference by staff, and
-- its distribution: the rule's numbers at that moment and one share per member (works counted then).
CREATE TABLE collective_revenue (
  id                  bigserial PRIMARY KEY,
  reference           text NOT NULL UNIQUE,
  licensee            text NOT NULL,
  amount_cents        bigint NOT NULL CHECK (amount_cents > 0),
  platform_percent    numeric NOT NULL,
  distributable_cents bigint NOT NULL,
  total_works         integer NOT NULL,
  recorded_by         bigint REFERENCES users(id),
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE collective_shares (
  revenue_id   bigint NOT NULL REFERENCES collective_revenue(id),
  user_id      bigint NOT NULL REFERENCES users(id),
  works        integer NOT NULL,
  amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
  PRIMARY KEY (revenue_id, user_id)
);
CREATE INDEX collective_shares_user ON collective_shares(user_id, revenue_id DESC);
