-- The sample indexes of migration 995 were on search_tokens itself, so the planner could answer a
-- sample query from the full index and filter the sample afterwards, and it did whenever it took a
-- query's terms for rare: '数据 & 据中 & 中心' (three bigrams, each in 2% of titles, estimated as
-- 3 rows of 1M) read all 15,743 matches through the full index to keep the 15 in the sample
-- (80 ms at 1M instead of 1). Indexed on strip(search_tokens) (the same lexemes without positions
-- or weights), the sample indexes are the only ones that can answer the engine's sample queries,
-- which say strip(m.search_tokens) (server/src/search/sql-engine.ts, SAMPLE_RATES).
DROP INDEX materials_tokens_sample1024;
DROP INDEX materials_tokens_sample128;
CREATE INDEX materials_tokens_sample1024 ON materials USING gin(strip(search_tokens)) WHERE status = 1 AND (hashint8(id) & 1023) = 0;
CREATE INDEX materials_tokens_sample128 ON materials USING gin(strip(search_tokens)) WHERE status = 1 AND (hashint8(id) & 127) = 0;
