-- Title tokens ranked by popularity. Relevance reads title hits first, most downloaded first, and
-- a frequent term's first page was read from a range of popularity buckets (migration 996) as
-- "the query's tokens AND (~p52 | ~p53 | ...)": the GIN index merged the query's own posting lists
-- (each bigram of 大熊猫 in 1-10% of the catalogue) with the buckets' lists (each a slice of the
-- whole catalogue) to keep a hundred rows: 15-25 ms at 1M, and past a quarter of the catalogue not
-- tried at all (大熊猫 then sorted all 7,231 title hits: 30-390 ms).
-- Here every title token also appears joined with the row's popularity bucket ('熊猫^52'), so
-- "熊猫 in the title AND bucket >= 50" is the OR of a few short lists ('熊猫^50' | '熊猫^51' | ...)
-- that hold only the rows wanted (server/src/search/sql-engine.ts, readTitleRange).
-- Generated, so it follows search_tokens (set by writers and the facets trigger, which PostgreSQL
-- runs before computing generated columns) and downloads without any writer knowing of it.
CREATE FUNCTION title_rank_tokens(v tsvector, downloads bigint) RETURNS tsvector LANGUAGE sql IMMUTABLE AS $$
  SELECT array_to_tsvector(coalesce(ARRAY(
    SELECT lexeme || '^' || popularity_bucket(downloads) FROM unnest(v) WHERE 'A' = ANY(weights) AND lexeme NOT LIKE '~%'
  ), '{}'))
$$;

ALTER TABLE materials ADD COLUMN title_rank_tokens tsvector
  GENERATED ALWAYS AS (title_rank_tokens(search_tokens, downloads)) STORED;
CREATE INDEX materials_title_rank_tokens ON materials USING gin (title_rank_tokens) WHERE status = 1;
