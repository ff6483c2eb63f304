-- Witness cosignatures of published checkpoints (c2sp.org/tlog-cosignature): one line per
-- checkpoint and witness key, appended as witnesses answer; served after the checkpoint's note
-- and in receipts. Append-only like the checkpoints themselves.
CREATE TABLE evidence_cosignatures (
  tree_size bigint NOT NULL REFERENCES evidence_checkpoints(tree_size),
  witness_key text NOT NULL,
  line text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tree_size, witness_key)
);
CREATE INDEX evidence_cosignatures_witness ON evidence_cosignatures (witness_key, tree_size DESC);

CREATE FUNCTION evidence_cosignatures_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'evidence_cosignatures is append-only';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER evidence_cosignatures_append_only BEFORE UPDATE OR DELETE ON evidence_cosignatures
  FOR EACH ROW EXECUTE FUNCTION evidence_cosignatures_append_only();
