-- The filters ranked too: migration 1000 ranked only the text tokens, so "猫, images, newest" read
-- every 猫 of the newest week (1,951 rows at 1M) to keep the 671 images among them, 9-30 ms. The
-- facet tokens of migration 132 ('~t11', '~dshort') now get ranked forms like the text tokens
-- ('~t11^w2968'), and readTop ANDs them in: the bucket's list holds only the filtered matches.
-- The order buckets' own tokens ('~p', '~n', '~c' of migration 996) stay out, as before.
-- The function's result changes, so its index is dropped first and built again.
DROP INDEX materials_order_rank_tokens;

CREATE OR REPLACE FUNCTION order_rank_tokens(v tsvector, downloads bigint, created_at timestamptz, price_cents bigint) RETURNS tsvector
LANGUAGE sql IMMUTABLE SET search_path FROM CURRENT AS $$
  SELECT array_to_tsvector(coalesce(ARRAY(
    SELECT lexeme || k
    FROM unnest(v), unnest(ARRAY['^p' || popularity_bucket(downloads), '^w' || created_week(created_at), '^c' || price_bucket(price_cents)]) k
    WHERE lexeme NOT LIKE '~%' OR lexeme LIKE '~t%' OR lexeme LIKE '~d%'
  ), '{}'))
$$;

CREATE INDEX materials_order_rank_tokens ON materials
  USING gin (order_rank_tokens(search_tokens, downloads, created_at, price_cents)) WHERE status = 1;
