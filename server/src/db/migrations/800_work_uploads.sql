-- Works created from chunked uploads (server/src/services/work-create.ts). One work per upload:
-- the UNIQUE upload_id makes a double submit of the same file (two tabs, a retried request, a
-- batch naming one upload twice) create the work once. Release flags are the creator's statement
-- that model / property releases exist; reviewers see them beside the preview.
ALTER TABLE materials
  ADD COLUMN upload_id text UNIQUE REFERENCES uploads(id) ON DELETE SET NULL,
  ADD COLUMN model_release boolean NOT NULL DEFAULT false,
  ADD COLUMN property_release boolean NOT NULL DEFAULT false;
