-- The back-office audit log: one row per staff action (who, what, on which record, before/after).
-- Written in the transaction of the action it records, so an action and its record commit together.
-- Rows are never updated or deleted by the application.
CREATE TABLE audit_log (
  id          bigserial PRIMARY KEY,
  actor_id    bigint REFERENCES users(id),
  action      text NOT NULL,            -- dotted name, e.g. certification.approve
  target_type text NOT NULL,            -- table-like name of the record, e.g. certification
  target_id   text NOT NULL,
  before      jsonb,
  after       jsonb,
  note        text NOT NULL DEFAULT '',
  ip          text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created ON audit_log(id DESC);
CREATE INDEX audit_log_target ON audit_log(target_type, target_id, id);
CREATE INDEX audit_log_actor ON audit_log(actor_id, id);
