-- Two fixed samples of the on-sale catalogue for search, picked by a hash of the id (not id % n,
-- which a periodic insert order would bias): 1 material in 1024, and 1 in 128 (a superset). Their
-- GIN indexes answer "about how many match" by reading 1/1024 or 1/128 of what a full count reads,
-- so the engine (server/src/search/sql-engine.ts) knows a term is frequent before touching the full
-- index, whose bitmap alone costs tens of ms for a term in a third of a million-row catalogue.
-- The predicates must stay textually identical to SAMPLES in sql-engine.ts for the planner to use them.
CREATE INDEX materials_tokens_sample1024 ON materials USING gin(search_tokens) WHERE status = 1 AND (hashint8(id) & 1023) = 0;
CREATE INDEX materials_tokens_sample128 ON materials USING gin(search_tokens) WHERE status = 1 AND (hashint8(id) & 127) = 0;
