-- The small CMS: articles (help centre, agreements), notices (/page/{id}) and event pages
-- (/activity/{id}, /forum2022, /forum2023, /copyright0426) that staff edit at /admin/content.
-- body_html is stored as staff typed it and sanitised where it is rendered (src/content/sanitize.ts),
-- so a future stricter allow-list also cleans old entries. Every save is a row in cms_versions.
CREATE TABLE cms_entries (
  id           bigserial PRIMARY KEY,
  kind         text NOT NULL CHECK (kind IN ('article', 'notice', 'event')),
  -- Fixed paths of event pages; NULL for entries reached by id only.
  slug         text UNIQUE,
  -- Help-centre group of an article ('' = not listed in the help centre).
  category     text NOT NULL DEFAULT '',
  title        text NOT NULL,
  summary      text NOT NULL DEFAULT '',
  body_html    text NOT NULL DEFAULT '',
  -- Events: {startsAt, endsAt, place, registrationOpen, agenda: [{time, title, speaker}], speakers: [{name, intro}]}
  event        jsonb,
  effective_on date,
  published    boolean NOT NULL DEFAULT true,
  sort         integer NOT NULL DEFAULT 0,
  version      integer NOT NULL DEFAULT 1,
  updated_by   bigint REFERENCES users(id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cms_entries_help ON cms_entries(kind, category, sort, id);

-- One row per saved version (the editable fields as the staff member saved them): history and restore.
CREATE TABLE cms_versions (
  entry_id   bigint NOT NULL REFERENCES cms_entries(id) ON DELETE CASCADE,
  version    integer NOT NULL,
  snapshot   jsonb NOT NULL,
  edited_by  bigint REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (entry_id, version)
);

-- Sign-ups from an event page's registration form (lumen:forms/event-registration); one per phone and event.
CREATE TABLE event_registrations (
  id         bigserial PRIMARY KEY,
  entry_id   bigint NOT NULL REFERENCES cms_entries(id) ON DELETE CASCADE,
  user_id    bigint REFERENCES users(id),
  name       text NOT NULL,
  phone      text NOT NULL,
  company    text NOT NULL DEFAULT '',
  position   text NOT NULL DEFAULT '',
  note       text NOT NULL DEFAULT '',
  ip         text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (entry_id, phone)
);

-- Business enquiries from /cooperation (lumen:forms/cooperation), source = {product}_IMG_PURCHASE.
CREATE TABLE cooperation_enquiries (
  id          bigserial PRIMARY KEY,
  source      text NOT NULL,
  user_id     bigint REFERENCES users(id),
  name        text NOT NULL,
  phone       text NOT NULL,
  company     text NOT NULL,
  email       text NOT NULL DEFAULT '',
  topic       text NOT NULL,
  need        text NOT NULL,
  ip          text,
  handled_by  bigint REFERENCES users(id),
  handled_at  timestamptz,
  staff_note  text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cooperation_enquiries_open ON cooperation_enquiries(handled_at, id);
