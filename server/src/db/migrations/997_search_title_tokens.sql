-- Relevance reads title hits first, then tag hits, then the rest (server/src/search/sql-engine.ts).
-- Title and tag tokens are told apart only by their weight in search_tokens ('雪':A), and a GIN
-- index keeps no weights: "雪 in the title" had to read every 雪 match and check each row. For a
-- character in most descriptions but few titles (短) that was every match (180 ms at 50k rows on
-- PGlite, seconds at 1M). These indexes hold only the title tokens, and the title and tag tokens,
-- of on-sale materials, so a tier's matches are found directly. ts_filter is immutable and keeps a
-- lexeme iff it has a position of the given weights, so `ts_filter(v, '{a}') @@ 'x & y'` is exactly
-- `v @@ 'x':A & 'y':A`.
CREATE INDEX materials_title_tokens ON materials USING gin (ts_filter(search_tokens, '{a}')) WHERE status = 1;
CREATE INDEX materials_title_tag_tokens ON materials USING gin (ts_filter(search_tokens, '{a,b}')) WHERE status = 1;
