-- The fingerprint band index moves from one GIN-indexed int[] (bands) to sixteen btree-indexed
-- columns b0..b15, one 16-bit band value each (services/fingerprint/hash256.ts).
-- Why: for `bands && <272 probes>` the planner has no useful estimate (it guessed 74% of the rows
-- for 41 real ones) and chose a sequential scan that compared 16 x 272 keys per row: 345 ms at
-- 10k rows on PGlite, slower than reading the table. Even forced onto the GIN it took 400 ms at
-- 100k (pending-list and recheck costs). Equality on a btree column has exact statistics, and
-- sixteen `bN = ANY(17 values)` combine as a BitmapOr of index scans that read only the probed
-- buckets: about 9 ms at 100k (bench/match-db.ts).
ALTER TABLE monitor_fingerprints
  ADD COLUMN b0 int, ADD COLUMN b1 int, ADD COLUMN b2 int, ADD COLUMN b3 int,
  ADD COLUMN b4 int, ADD COLUMN b5 int, ADD COLUMN b6 int, ADD COLUMN b7 int,
  ADD COLUMN b8 int, ADD COLUMN b9 int, ADD COLUMN b10 int, ADD COLUMN b11 int,
  ADD COLUMN b12 int, ADD COLUMN b13 int, ADD COLUMN b14 int, ADD COLUMN b15 int;

-- Each band is 4 hex digits of the hash, in order.
UPDATE monitor_fingerprints SET
  b0 = ('x' || substr(hash, 1, 4))::bit(16)::int, b1 = ('x' || substr(hash, 5, 4))::bit(16)::int,
  b2 = ('x' || substr(hash, 9, 4))::bit(16)::int, b3 = ('x' || substr(hash, 13, 4))::bit(16)::int,
  b4 = ('x' || substr(hash, 17, 4))::bit(16)::int, b5 = ('x' || substr(hash, 21, 4))::bit(16)::int,
  b6 = ('x' || substr(hash, 25, 4))::bit(16)::int, b7 = ('x' || substr(hash, 29, 4))::bit(16)::int,
  b8 = ('x' || substr(hash, 33, 4))::bit(16)::int, b9 = ('x' || substr(hash, 37, 4))::bit(16)::int,
  b10 = ('x' || substr(hash, 41, 4))::bit(16)::int, b11 = ('x' || substr(hash, 45, 4))::bit(16)::int,
  b12 = ('x' || substr(hash, 49, 4))::bit(16)::int, b13 = ('x' || substr(hash, 53, 4))::bit(16)::int,
  b14 = ('x' || substr(hash, 57, 4))::bit(16)::int, b15 = ('x' || substr(hash, 61, 4))::bit(16)::int;

ALTER TABLE monitor_fingerprints
  ALTER COLUMN b0 SET NOT NULL, ALTER COLUMN b1 SET NOT NULL, ALTER COLUMN b2 SET NOT NULL, ALTER COLUMN b3 SET NOT NULL,
  ALTER COLUMN b4 SET NOT NULL, ALTER COLUMN b5 SET NOT NULL, ALTER COLUMN b6 SET NOT NULL, ALTER COLUMN b7 SET NOT NULL,
  ALTER COLUMN b8 SET NOT NULL, ALTER COLUMN b9 SET NOT NULL, ALTER COLUMN b10 SET NOT NULL, ALTER COLUMN b11 SET NOT NULL,
  ALTER COLUMN b12 SET NOT NULL, ALTER COLUMN b13 SET NOT NULL, ALTER COLUMN b14 SET NOT NULL, ALTER COLUMN b15 SET NOT NULL;

CREATE INDEX monitor_fingerprints_b0 ON monitor_fingerprints (b0);
CREATE INDEX monitor_fingerprints_b1 ON monitor_fingerprints (b1);
CREATE INDEX monitor_fingerprints_b2 ON monitor_fingerprints (b2);
CREATE INDEX monitor_fingerprints_b3 ON monitor_fingerprints (b3);
CREATE INDEX monitor_fingerprints_b4 ON monitor_fingerprints (b4);
CREATE INDEX monitor_fingerprints_b5 ON monitor_fingerprints (b5);
CREATE INDEX monitor_fingerprints_b6 ON monitor_fingerprints (b6);
CREATE INDEX monitor_fingerprints_b7 ON monitor_fingerprints (b7);
CREATE INDEX monitor_fingerprints_b8 ON monitor_fingerprints (b8);
CREATE INDEX monitor_fingerprints_b9 ON monitor_fingerprints (b9);
CREATE INDEX monitor_fingerprints_b10 ON monitor_fingerprints (b10);
CREATE INDEX monitor_fingerprints_b11 ON monitor_fingerprints (b11);
CREATE INDEX monitor_fingerprints_b12 ON monitor_fingerprints (b12);
CREATE INDEX monitor_fingerprints_b13 ON monitor_fingerprints (b13);
CREATE INDEX monitor_fingerprints_b14 ON monitor_fingerprints (b14);
CREATE INDEX monitor_fingerprints_b15 ON monitor_fingerprints (b15);

DROP INDEX monitor_fingerprints_bands;
ALTER TABLE monitor_fingerprints DROP COLUMN bands;
