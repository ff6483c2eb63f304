-- Order buckets as search tokens. A GIN index cannot return matches in popularity order, so a
-- frequent term's first page used to read thousands of rows to sort them. Each material's token
-- vector now also says roughly where it stands in every search order:
--   '~p<n>'  popularity: n = floor(4 * log2(downloads + 1)), a quarter-octave (x1.19) per bucket;
--   '~n<n>'  newness: n = the UTC day it was created (days since 1970-01-01);
--   '~c<n>'  price: n = floor(4 * log2(price_cents + 1)).
-- "雪, most downloaded first" then becomes "雪 AND (~p52 | ~p53 | ...)", intersected inside the GIN
-- index, and only that small set is read and sorted. Every row in a bucket range precedes every
-- row outside it in the order, so a page that fills up within the range is exactly the page of the
-- whole set (server/src/search/sql-engine.ts, which picks the range from the sample of migration 995).
-- The engine reads bucket numbers through these same functions, so they cannot drift apart.
CREATE FUNCTION popularity_bucket(downloads bigint) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT floor(4 * ln(greatest(downloads, 0) + 1.0) / ln(2.0))::int
$$;
CREATE FUNCTION price_bucket(price_cents bigint) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT floor(4 * ln(greatest(price_cents, 0) + 1.0) / ln(2.0))::int
$$;
-- The epoch is the same instant in every time zone, so the day does not depend on the session's.
CREATE FUNCTION created_day(created_at timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT floor(extract(epoch FROM created_at) / 86400)::int
$$;

CREATE FUNCTION material_order_tokens(downloads bigint, created_at timestamptz, price_cents bigint) RETURNS tsvector
LANGUAGE sql IMMUTABLE AS $$
  SELECT array_to_tsvector(ARRAY['~p' || popularity_bucket(downloads), '~n' || created_day(created_at), '~c' || price_bucket(price_cents)])
$$;

-- Writers store the text tokens only; every '~' token (facets and order buckets) follows the row's
-- own columns. A counter flush that leaves every bucket where it was does not rewrite the vector.
CREATE OR REPLACE FUNCTION materials_search_facets() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v tsvector := coalesce(NEW.search_tokens, ''::tsvector);
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.search_tokens IS NOT DISTINCT FROM OLD.search_tokens
     AND NEW.type = OLD.type AND NEW.duration_sec IS NOT DISTINCT FROM OLD.duration_sec
     AND popularity_bucket(NEW.downloads) = popularity_bucket(OLD.downloads)
     AND created_day(NEW.created_at) = created_day(OLD.created_at)
     AND price_bucket(NEW.price_cents) = price_bucket(OLD.price_cents) THEN
    RETURN NEW;
  END IF;
  NEW.search_tokens := ts_delete(v, ARRAY(SELECT lexeme FROM unnest(v) WHERE lexeme LIKE '~%'))
    || material_facets(NEW.type, NEW.duration_sec)
    || material_order_tokens(NEW.downloads, NEW.created_at, NEW.price_cents);
  RETURN NEW;
END $$;

DROP TRIGGER materials_search_facets ON materials;
CREATE TRIGGER materials_search_facets
  BEFORE INSERT OR UPDATE OF search_tokens, type, duration_sec, downloads, created_at, price_cents ON materials
  FOR EACH ROW EXECUTE FUNCTION materials_search_facets();

-- Existing rows: the vector changes here, so the trigger strips and re-derives every '~' token.
UPDATE materials SET search_tokens = coalesce(search_tokens, ''::tsvector) || material_order_tokens(downloads, created_at, price_cents);
