-- A sparser sample, 1 on-sale material in 8,192 (a subset of the other two). Once pages are read
-- through ranked tokens (migrations 999, 1000) the sample only estimates the total, and 32 hits do
-- that: a term in a third of a 1M catalogue has 40 here, where the 1 in 1,024 sample read 350 rows
-- for it (10 ms at 1M). Same form as migration 998's (server/src/search/sql-engine.ts, SAMPLE_RATES).
CREATE INDEX materials_tokens_sample8192 ON materials USING gin(strip(search_tokens)) WHERE status = 1 AND (hashint8(id) & 8191) = 0;
