-- Company sub-accounts (issue 16): a company account (owner type ORGANISATIONS, no parent) adds
-- staff accounts that sign in by phone. A sub-account buys in the company's name (its owner type
-- and company name follow the company) and pays from the company's wallet within its monthly
-- limit; above it the purchase waits in the company admin's approval inbox. `viewer` sub-accounts
-- cannot pay with company money. Disabled and deleted sub-accounts cannot sign in (sessions of
-- them are refused); a deleted one keeps its row for its orders' history.
CREATE TABLE sub_accounts (
  user_id             bigint PRIMARY KEY REFERENCES users(id),
  company_id          bigint NOT NULL REFERENCES users(id),
  role                text NOT NULL CHECK (role IN ('buyer', 'viewer')),
  monthly_limit_cents bigint NOT NULL CHECK (monthly_limit_cents >= 0),
  status              text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled', 'deleted')),
  -- Company money spent this month (China calendar month, 'YYYY-MM'), reset by the first purchase of a new month.
  spent_month         text NOT NULL DEFAULT '',
  spent_cents         bigint NOT NULL DEFAULT 0,
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sub_accounts_company ON sub_accounts(company_id, user_id);

CREATE TABLE sub_purchase_approvals (
  id           bigserial PRIMARY KEY,
  order_id     bigint NOT NULL UNIQUE REFERENCES orders(id),
  sub_id       bigint NOT NULL REFERENCES users(id),
  company_id   bigint NOT NULL REFERENCES users(id),
  amount_cents bigint NOT NULL,
  status       text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  decided_at   timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sub_purchase_approvals_company ON sub_purchase_approvals(company_id, status, id DESC);
