-- Generated-view resources: evidence deposits + ledger, registrations, invoices, withdrawals,
-- creator earnings. Each record keeps its validated form in `form` (the schema is the contract);
-- the columns beside it are what lists filter and sort on.

-- Tamper-evident ledger: hash = sha256(height|prev_hash|payload_hash|created_at ISO).
CREATE TABLE ledger_blocks (
  height       bigint PRIMARY KEY,
  prev_hash    text NOT NULL,
  payload_hash text NOT NULL,
  hash         text NOT NULL UNIQUE,
  payload      jsonb NOT NULL,
  created_at   timestamptz NOT NULL
);

-- Append-only: the application never updates or deletes a block, and the database refuses it too.
CREATE FUNCTION ledger_blocks_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_blocks is append-only';
END;
$$;
CREATE TRIGGER ledger_blocks_no_change BEFORE UPDATE OR DELETE ON ledger_blocks
  FOR EACH ROW EXECUTE FUNCTION ledger_blocks_append_only();

CREATE TABLE evidence_deposits (
  id            bigserial PRIMARY KEY,
  user_id       bigint NOT NULL REFERENCES users(id),
  material_id   bigint REFERENCES materials(id),
  work_name     text NOT NULL,
  work_category int NOT NULL,
  form          jsonb NOT NULL,
  file_name     text NOT NULL,
  file_key      text NOT NULL,
  file_size     bigint NOT NULL,
  mime          text NOT NULL,
  sha256        text NOT NULL,
  status        smallint NOT NULL DEFAULT 2,          -- evidence-deposit status table
  ledger_height bigint REFERENCES ledger_blocks(height),
  cert_no       text UNIQUE,
  created_at    timestamptz NOT NULL DEFAULT now(),
  deposited_at  timestamptz
);
CREATE INDEX evidence_deposits_user ON evidence_deposits(user_id, created_at DESC);

CREATE TABLE registrations (
  id            bigserial PRIMARY KEY,
  user_id       bigint NOT NULL REFERENCES users(id),
  kind          text NOT NULL CHECK (kind IN ('copyright', 'dci')),
  work_name     text NOT NULL,
  work_category int NOT NULL,
  ownership     text,
  form          jsonb NOT NULL,
  files         jsonb NOT NULL DEFAULT '[]',          -- [{key, name, size, mime}]
  status        smallint NOT NULL DEFAULT 0,          -- registration status table
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX registrations_user ON registrations(user_id, kind, created_at DESC);

CREATE TABLE invoices (
  id            bigserial PRIMARY KEY,
  user_id       bigint NOT NULL REFERENCES users(id),
  invoice_type  smallint NOT NULL CHECK (invoice_type IN (0, 2)),
  tax_rate      smallint NOT NULL CHECK (tax_rate IN (6, 3, 1, 0)),
  title         text NOT NULL,
  amount_cents  bigint NOT NULL CHECK (amount_cents > 0),
  form          jsonb NOT NULL,
  status        smallint NOT NULL DEFAULT 0,          -- invoice status table
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invoices_user ON invoices(user_id, created_at DESC);

-- What a creator has earned; sales (trade) insert rows here, withdrawals draw on the sum.
CREATE TABLE creator_earnings (
  id           bigserial PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users(id),
  material_id  bigint REFERENCES materials(id),
  amount_cents bigint NOT NULL,
  note         text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX creator_earnings_user ON creator_earnings(user_id);

CREATE TABLE withdrawals (
  id            bigserial PRIMARY KEY,
  user_id       bigint NOT NULL REFERENCES users(id),
  amount_cents  bigint NOT NULL CHECK (amount_cents > 0),
  account_name  text NOT NULL,
  account_no    text NOT NULL,
  form          jsonb NOT NULL,
  status        smallint NOT NULL DEFAULT 0,          -- withdrawal status table
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX withdrawals_user ON withdrawals(user_id, created_at DESC);
