-- Every saved version of a staff-edited schema (src/schemas/**). Version 0 is the bundled file and
-- is not stored; the highest version of a schema is the one clients and server validators use.
CREATE TABLE schema_versions (
  schema_id  text NOT NULL,
  version    int NOT NULL CHECK (version > 0),
  body       jsonb NOT NULL,
  author_id  bigint REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  note       text NOT NULL DEFAULT '',
  -- Changed JSON pointer paths against the previous version (src/schemas/json-diff.ts).
  diff       jsonb NOT NULL DEFAULT '[]'::jsonb,
  PRIMARY KEY (schema_id, version)
);
