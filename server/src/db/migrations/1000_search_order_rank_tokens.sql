-- Every token ranked in each search order (after migration 999's title tokens for relevance).
-- Sorting by popularity, date or price read a page from a range of order buckets as "the query's
-- tokens AND (~n20780 | ~n20779 | ...)", and the GIN index merged the query's whole posting lists
-- (城 in 15% of the catalogue, the image facet in a third) into it: 10-25 ms at 1M. Here each token
-- also appears joined with the row's bucket in every order: '城市^p52' (popularity), '城市^w2968'
-- (the week it was created), '城市^c40' (price), so the matches in one bucket are one short list
-- per query token (server/src/search/sql-engine.ts, readTop).
-- An expression index, not a stored column: the lexemes are three times the row's tokens, and
-- only the index needs them. Queries must spell the expression exactly as here.
CREATE FUNCTION created_week(created_at timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT floor(created_day(created_at) / 7.0)::int
$$;

-- Index builds run with search_path pg_catalog only (PostgreSQL 17, so PGlite), where the bucket
-- functions it calls would not be found: it keeps the search_path it was created with.
CREATE FUNCTION order_rank_tokens(v tsvector, downloads bigint, created_at timestamptz, price_cents bigint) RETURNS tsvector
LANGUAGE sql IMMUTABLE SET search_path FROM CURRENT AS $$
  SELECT array_to_tsvector(coalesce(ARRAY(
    SELECT lexeme || k
    FROM unnest(v), unnest(ARRAY['^p' || popularity_bucket(downloads), '^w' || created_week(created_at), '^c' || price_bucket(price_cents)]) k
    WHERE lexeme NOT LIKE '~%'
  ), '{}'))
$$;

CREATE INDEX materials_order_rank_tokens ON materials
  USING gin (order_rank_tokens(search_tokens, downloads, created_at, price_cents)) WHERE status = 1;
