-- Work review: revisions of approved works, the status timeline, duplicate hits, creator sign-up.
-- Flows live in server/src/services/review.ts; SQL in server/src/repositories/work-review.ts.

-- What a work's content was when staff last approved it, so a taken-down work the creator did not
-- change since can go back on sale without another review. Files count too: a replaced original
-- is new content.
CREATE FUNCTION material_content_digest(title text, description text, tags text[], price_cents int, original_path text)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT md5(jsonb_build_array(title, description, tags, price_cents, original_path)::text)
$$;

ALTER TABLE materials
  ADD COLUMN reviewed_digest text,
  -- When the current review request was made: the queue is served oldest first.
  ADD COLUMN review_submitted_at timestamptz NOT NULL DEFAULT now(),
  -- The pending review is an appeal against a rejection (the queue flags it 申诉).
  ADD COLUMN review_appeal boolean NOT NULL DEFAULT false;

UPDATE materials SET reviewed_digest = material_content_digest(title, description, tags, price_cents, original_path)
  WHERE status IN (1, 2);

-- Rows inserted already approved (seeds, imports) count as reviewed as inserted.
CREATE FUNCTION materials_reviewed_digest() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 1 AND NEW.reviewed_digest IS NULL THEN
    NEW.reviewed_digest := material_content_digest(NEW.title, NEW.description, NEW.tags, NEW.price_cents, NEW.original_path);
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER materials_reviewed_digest BEFORE INSERT ON materials
  FOR EACH ROW EXECUTE FUNCTION materials_reviewed_digest();

CREATE INDEX materials_review_queue ON materials(review_submitted_at) WHERE status = 0;

-- A proposed change to a work that is on sale: the approved version stays live while staff review
-- it. Statuses follow lumen:status/work-revision (0 pending, 1 approved, 3 rejected, 10 needs
-- information, 12 withdrawn or superseded by a newer edit). A submitted revision never changes its
-- fields; a new edit supersedes it, so staff always approve exactly what they looked at.
CREATE TABLE material_revisions (
  id           bigserial PRIMARY KEY,
  material_id  bigint NOT NULL REFERENCES materials(id) ON DELETE CASCADE,
  author_id    bigint NOT NULL REFERENCES users(id),
  fields       jsonb NOT NULL,                     -- {title, description, tags, price_cents}
  status       smallint NOT NULL DEFAULT 0,
  appeal       boolean NOT NULL DEFAULT false,
  submitted_at timestamptz NOT NULL DEFAULT now(),
  decided_at   timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);
-- At most one revision awaits staff or the creator at a time.
CREATE UNIQUE INDEX material_revisions_open ON material_revisions(material_id) WHERE status IN (0, 10);
CREATE INDEX material_revisions_material ON material_revisions(material_id, id DESC);
CREATE INDEX material_revisions_queue ON material_revisions(submitted_at) WHERE status = 0;

-- Every status change of a work or of one of its revisions: who, when, from, to, why.
CREATE TABLE work_events (
  id          bigserial PRIMARY KEY,
  material_id bigint NOT NULL REFERENCES materials(id) ON DELETE CASCADE,
  revision_id bigint REFERENCES material_revisions(id) ON DELETE CASCADE,
  actor_id    bigint REFERENCES users(id),          -- null: the system (media pipeline)
  actor_role  text NOT NULL CHECK (actor_role IN ('creator', 'staff', 'system')),
  action      text NOT NULL,                        -- lumen:enums/work-event
  from_status smallint,                             -- of the revision when revision_id is set
  to_status   smallint,
  reasons     jsonb NOT NULL DEFAULT '[]',          -- [{code, title}] as shown when decided
  comment     text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX work_events_material ON work_events(material_id, id);

-- Near-duplicate hits found by the media pipeline (perceptual hashes); review shows them.
CREATE TABLE material_duplicates (
  material_id       bigint NOT NULL REFERENCES materials(id) ON DELETE CASCADE,
  other_material_id bigint NOT NULL REFERENCES materials(id) ON DELETE CASCADE,
  distance          int NOT NULL CHECK (distance >= 0),
  kind              text NOT NULL,                  -- e.g. 'pdq', 'video-pdqf', 'sha256'
  created_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (material_id, other_material_id, kind),
  CHECK (material_id <> other_material_id)
);

-- Which version of the contributor agreement a creator accepted, and when (one row per version).
CREATE TABLE creator_agreements (
  user_id    bigint NOT NULL REFERENCES users(id),
  version    text NOT NULL,
  signed_at  timestamptz NOT NULL DEFAULT now(),
  ip         text,
  PRIMARY KEY (user_id, version)
);
