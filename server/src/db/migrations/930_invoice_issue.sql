-- Invoice issuing (issue 16): staff issue a requested invoice (status 1, with an invoice number and
-- the issue time frozen on the row, so its PDF always shows the same invoice) or refuse it with a
-- reason the user sees (status 3, which releases its orders for a new request).
ALTER TABLE invoices ADD COLUMN invoice_no text UNIQUE;
ALTER TABLE invoices ADD COLUMN issued_at timestamptz;
ALTER TABLE invoices ADD COLUMN decided_by bigint REFERENCES users(id);
ALTER TABLE invoices ADD COLUMN refuse_reason text;
CREATE INDEX invoices_status ON invoices(status, created_at);

-- Saved invoice titles: a requester ticks "save this title" and picks it next time. One row per
-- (user, title name); saving again updates the tax number and bank details.
CREATE TABLE invoice_titles (
  id           bigserial PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users(id),
  title        text NOT NULL,
  tax_id       text,
  bank_name    text,
  bank_account text,
  address      text,
  phone        text,
  updated_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, title)
);
