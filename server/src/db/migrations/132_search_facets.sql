-- Filters as search tokens: the material type and the video duration class join the GIN-indexed
-- token vector ('~t1', '~dshort', ...), so "熊猫 + video + short" is one index intersection and a
-- count reads only rows that pass every filter, instead of every '熊猫' row. The names are read by
-- server/src/search/facets.ts; the thresholds are the duration classes of src/schemas (10 and 30 min).
CREATE FUNCTION material_facets(t smallint, duration numeric) RETURNS tsvector LANGUAGE sql IMMUTABLE AS $$
  SELECT array_to_tsvector(ARRAY['~t' || t] || CASE
    WHEN t <> 1 OR duration IS NULL THEN ARRAY[]::text[]
    WHEN duration < 600 THEN ARRAY['~dshort']
    WHEN duration <= 1800 THEN ARRAY['~dmiddle']
    ELSE ARRAY['~dlong'] END)
$$;

-- Writers store the text tokens only; the facets follow the row's own type and duration.
CREATE FUNCTION materials_search_facets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_tokens := ts_delete(coalesce(NEW.search_tokens, ''::tsvector),
      ARRAY['~t1', '~t2', '~t11', '~dshort', '~dmiddle', '~dlong'])
    || material_facets(NEW.type, NEW.duration_sec);
  RETURN NEW;
END $$;
CREATE TRIGGER materials_search_facets BEFORE INSERT OR UPDATE OF search_tokens, type, duration_sec ON materials
  FOR EACH ROW EXECUTE FUNCTION materials_search_facets();

UPDATE materials SET search_tokens = search_tokens;
