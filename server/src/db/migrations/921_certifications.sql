-- Real-name certification (spec §1, issue 16). A user submits a personal (1) or institution (2)
-- certification with document images; staff approve it (setting the account's owner type and
-- authorization level, which the licence scenarios require) or reject it with a reason.
-- Certificate numbers are stored masked only; the images are private objects read by staff.
-- Statuses (lumen:status/certification): 0 pending, 1 approved, 2 rejected, 3 superseded.
CREATE TABLE certifications (
  id                bigserial PRIMARY KEY,
  user_id           bigint NOT NULL REFERENCES users(id),
  certificate_type  smallint NOT NULL CHECK (certificate_type IN (1, 2)),
  certificate       text NOT NULL,      -- ID_CARD, ACCOUNT_BOOK, BUSINESS_LICENSE, ORGANIZATION, UNIFIED_SOCIAL, OTHER
  org_kind          text,               -- organisation | non-organisation (institutions only)
  subject_name      text NOT NULL,      -- the person's real name or the institution's name
  legal_person      text,
  certificate_no    text NOT NULL,      -- masked: first 3 and last 4 characters
  images            jsonb NOT NULL,     -- [{field, key, name, size, mime, sha256}]
  status            smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2, 3)),
  auth_level        text CHECK (auth_level IN ('personal', 'company', 'enhanced')),
  reject_reason     text,
  reviewed_by       bigint REFERENCES users(id),
  reviewed_at       timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now()
);
-- At most one certification of a user waits for review (parallel submissions: one wins).
CREATE UNIQUE INDEX certifications_one_pending ON certifications(user_id) WHERE status = 0;
CREATE INDEX certifications_user ON certifications(user_id, id DESC);
CREATE INDEX certifications_review ON certifications(status, id);
