-- RFC 9162 Merkle tree log of evidence, replacing the linear hash chain of ledger_blocks
-- (which stays, read-only, as history: its blocks are migrated below as the first leaves, in order).
--
-- evidence_log_leaves: leaf idx = position in the log; `leaf` = the canonical leaf bytes
--   (server/src/evidence/leaf.ts documents them); `payload` = the caller's private record (never published).
-- evidence_log_nodes: every complete subtree hash. (level L, idx i) covers leaves [i*2^L, (i+1)*2^L);
--   level 0 = leaf hashes SHA-256(0x00 || leaf), level L+1 = SHA-256(0x01 || left || right).
--   Any proof or root then reads at most 2*log2(n) stored rows: latency does not grow with the log.
-- evidence_checkpoints: every signed checkpoint ever published (C2SP tlog-checkpoint as a signed note).
CREATE TABLE evidence_log_leaves (
  idx        bigint PRIMARY KEY,
  leaf       bytea NOT NULL,
  cert_no    text,
  payload    jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX evidence_log_leaves_cert ON evidence_log_leaves(cert_no);

CREATE TABLE evidence_log_nodes (
  level smallint NOT NULL,
  idx   bigint NOT NULL,
  hash  bytea NOT NULL,
  PRIMARY KEY (level, idx)
);

CREATE TABLE evidence_checkpoints (
  tree_size  bigint PRIMARY KEY,
  root_hash  bytea NOT NULL,
  note       text NOT NULL,
  tsa_token  bytea,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Append-only in the database too. (Someone with superuser rights can still switch this off:
-- that is what signed checkpoints and consistency proofs catch.)
CREATE FUNCTION evidence_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END;
$$;
CREATE TRIGGER evidence_log_leaves_no_change BEFORE UPDATE OR DELETE ON evidence_log_leaves
  FOR EACH ROW EXECUTE FUNCTION evidence_log_append_only();
CREATE TRIGGER evidence_log_nodes_no_change BEFORE UPDATE OR DELETE ON evidence_log_nodes
  FOR EACH ROW EXECUTE FUNCTION evidence_log_append_only();
-- A checkpoint may gain its timestamp token once; nothing else about it changes.
CREATE FUNCTION evidence_checkpoints_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.tsa_token IS NULL AND NEW.tree_size = OLD.tree_size AND NEW.root_hash = OLD.root_hash
     AND NEW.note = OLD.note AND NEW.created_at = OLD.created_at THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'evidence_checkpoints is append-only';
END;
$$;
CREATE TRIGGER evidence_checkpoints_no_change BEFORE UPDATE OR DELETE ON evidence_checkpoints
  FOR EACH ROW EXECUTE FUNCTION evidence_checkpoints_append_only();

-- Appends one leaf and the subtree hashes it completes, in one round trip. The table lock
-- serialises appenders (two requests never take the same index) until the caller's transaction ends.
CREATE FUNCTION evidence_log_append(p_leaf bytea, p_cert text, p_payload jsonb, p_at timestamptz) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
  i bigint;
  lvl smallint := 0;
  h bytea;
  sib bytea;
BEGIN
  LOCK TABLE evidence_log_leaves IN EXCLUSIVE MODE;
  SELECT coalesce(max(idx) + 1, 0) INTO n FROM evidence_log_leaves;
  INSERT INTO evidence_log_leaves(idx, leaf, cert_no, payload, created_at) VALUES (n, p_leaf, p_cert, p_payload, p_at);
  h := sha256('\x00'::bytea || p_leaf);
  INSERT INTO evidence_log_nodes(level, idx, hash) VALUES (0, n, h);
  i := n;
  -- An odd index closes a pair: hash it with its left sibling, one level up, as long as pairs close.
  WHILE i % 2 = 1 LOOP
    SELECT hash INTO STRICT sib FROM evidence_log_nodes WHERE level = lvl AND idx = i - 1;
    h := sha256('\x01'::bytea || sib || h);
    lvl := lvl + 1;
    i := i / 2;
    INSERT INTO evidence_log_nodes(level, idx, hash) VALUES (lvl, i, h);
  END LOOP;
  RETURN n;
END;
$$;

-- The existing chain, in height order, as the first leaves (same leaf encoding as leaf.ts).
DO $$
DECLARE
  b record;
BEGIN
  FOR b IN SELECT height, payload, created_at FROM ledger_blocks ORDER BY height LOOP
    PERFORM evidence_log_append(
      convert_to(
        'lumen.evidence/v1' || E'\n' ||
        'type ' || coalesce(b.payload->>'type', 'evidence-deposit') || E'\n' ||
        -- (every chain block so far is a deposit with a file hash; anything else commits to its payload text)
        'sha256 ' || coalesce(lower(b.payload->>'sha256'), encode(sha256(convert_to(b.payload::text, 'UTF8')), 'hex')) || E'\n' ||
        'cert ' || coalesce(b.payload->>'certNo', '-') || E'\n' ||
        'time ' || to_char(b.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || E'\n',
        'UTF8'),
      b.payload->>'certNo', b.payload || jsonb_build_object('migratedFromHeight', b.height), b.created_at);
  END LOOP;
END;
$$;

-- Deposits now point at a leaf index, not a chain height (for migrated blocks they are equal).
ALTER TABLE evidence_deposits DROP CONSTRAINT IF EXISTS evidence_deposits_ledger_height_fkey;
