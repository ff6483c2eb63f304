-- Notarization (司法公证) of a user's evidence item (an evidence deposit, an issued registration; web
-- captures later) by a notary office: one paid service unit per application, the office's
-- decisions (受理, 补充材料 with a deadline, 不予公证, 出具公证书), a timeline, the notarial certificate.
CREATE TABLE notarizations (
  id               bigserial PRIMARY KEY,
  user_id          bigint NOT NULL REFERENCES users(id),
  evidence_type    text NOT NULL CHECK (evidence_type IN ('deposit', 'registration')),
  evidence_id      bigint NOT NULL,
  -- What the office received about the item, kept as it was when applying.
  evidence_title   text NOT NULL,
  evidence_digest  text NOT NULL,
  form             jsonb NOT NULL,
  status           smallint NOT NULL DEFAULT 0,
  case_no          text,
  request          jsonb,
  certificate_no   text UNIQUE,
  certificate_key  text,
  issued_at        timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notarizations_user ON notarizations(user_id, created_at DESC);

CREATE TABLE notarization_events (
  id               bigserial PRIMARY KEY,
  notarization_id  bigint NOT NULL REFERENCES notarizations(id),
  status           smallint NOT NULL,
  title            text NOT NULL,
  message          text NOT NULL DEFAULT '',
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notarization_events_n ON notarization_events(notarization_id, id);
