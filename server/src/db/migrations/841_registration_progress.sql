-- Registrations and DCI registrations that progress: the copyright authority's case, its decisions
-- (受理, 补正 with a deadline, 不予登记, 发证), the issued number and certificate, and a timeline.
--  * office_notifications: every verified decision callback of an office (copyright authority,
--    notary), once: a replayed callback stops at UNIQUE(office, notify_id).
--  * sandbox_office_cases: the sandbox offices' own store (what the "authority"/"notary" received),
--    standing in for the real office's systems; the product never reads it.

ALTER TABLE registrations ADD COLUMN case_no text;
ALTER TABLE registrations ADD COLUMN registration_no text UNIQUE;
ALTER TABLE registrations ADD COLUMN certificate_key text;
ALTER TABLE registrations ADD COLUMN correction jsonb;
ALTER TABLE registrations ADD COLUMN issued_at timestamptz;
ALTER TABLE registrations ADD COLUMN service_order_id bigint REFERENCES service_orders(id);

CREATE TABLE registration_events (
  id              bigserial PRIMARY KEY,
  registration_id bigint NOT NULL REFERENCES registrations(id),
  status          smallint NOT NULL,
  title           text NOT NULL,
  message         text NOT NULL DEFAULT '',
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX registration_events_reg ON registration_events(registration_id, id);

CREATE TABLE office_notifications (
  id          bigserial PRIMARY KEY,
  office      text NOT NULL CHECK (office IN ('authority', 'notary')),
  notify_id   text NOT NULL,
  case_no     text NOT NULL,
  decision    text NOT NULL,
  result      text NOT NULL DEFAULT 'received',
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (office, notify_id)
);

CREATE TABLE sandbox_office_cases (
  id             bigserial PRIMARY KEY,
  office         text NOT NULL CHECK (office IN ('authority', 'notary')),
  case_no        text NOT NULL UNIQUE,
  application_no text NOT NULL,
  payload        jsonb NOT NULL,
  state          text NOT NULL DEFAULT 'received',
  last_decision  text,
  resubmitted_at timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (office, application_no)
);
CREATE INDEX sandbox_office_cases_office ON sandbox_office_cases(office, id DESC);
