-- The search samples (migrations 995, 998, 1001) in a table of their own. Each sample read fetched
-- its hits from the materials heap: a few dozen to a few hundred rows scattered over 1.5 GB at 1M,
-- so most came from the operating system's cache, not shared buffers (1.4 ms warm, 4-8 ms in the
-- bench), and samples were half of a search's time. The sampled on-sale rows (1 in 128, by the
-- same hash of the id) are copied here with the columns a sample query reads, under the same
-- names, so the engine's conditions read them unchanged: 1M materials make 7,800 rows, about
-- 10 MB, that every search touches and so stay in shared buffers.
CREATE TABLE material_search_sample (
  id            bigint PRIMARY KEY,
  status        smallint NOT NULL,
  category_id   int,
  title         text NOT NULL,
  description   text NOT NULL,
  tags          text[] NOT NULL,
  downloads     int NOT NULL,
  created_at    timestamptz NOT NULL,
  price_cents   int NOT NULL,
  search_tokens tsvector NOT NULL
);

-- Kept in step with every write to materials. AFTER, so it copies the tokens as migration 996's
-- BEFORE trigger completed them. Ids never change, so a row's membership follows its status only.
CREATE FUNCTION material_search_sample_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF (hashint8(OLD.id) & 127) = 0 THEN
      DELETE FROM material_search_sample WHERE id = OLD.id;
    END IF;
    RETURN NULL;
  END IF;
  IF (hashint8(NEW.id) & 127) <> 0 THEN
    RETURN NULL;
  END IF;
  IF NEW.status = 1 AND NEW.search_tokens IS NOT NULL THEN
    INSERT INTO material_search_sample(id, status, category_id, title, description, tags, downloads, created_at, price_cents, search_tokens)
    VALUES (NEW.id, NEW.status, NEW.category_id, NEW.title, NEW.description, NEW.tags, NEW.downloads, NEW.created_at, NEW.price_cents, NEW.search_tokens)
    ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, category_id = EXCLUDED.category_id, title = EXCLUDED.title,
      description = EXCLUDED.description, tags = EXCLUDED.tags, downloads = EXCLUDED.downloads, created_at = EXCLUDED.created_at,
      price_cents = EXCLUDED.price_cents, search_tokens = EXCLUDED.search_tokens;
  ELSE
    DELETE FROM material_search_sample WHERE id = NEW.id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER materials_search_sample AFTER INSERT OR UPDATE OR DELETE ON materials
  FOR EACH ROW EXECUTE FUNCTION material_search_sample_sync();

INSERT INTO material_search_sample(id, status, category_id, title, description, tags, downloads, created_at, price_cents, search_tokens)
SELECT id, status, category_id, title, description, tags, downloads, created_at, price_cents, search_tokens
FROM materials WHERE status = 1 AND search_tokens IS NOT NULL AND (hashint8(id) & 127) = 0;

-- The same three samples, the same predicates (server/src/search/sql-engine.ts, sampleOf).
CREATE INDEX material_search_sample_tokens ON material_search_sample USING gin(strip(search_tokens));
CREATE INDEX material_search_sample_tokens1024 ON material_search_sample USING gin(strip(search_tokens)) WHERE (hashint8(id) & 1023) = 0;
CREATE INDEX material_search_sample_tokens8192 ON material_search_sample USING gin(strip(search_tokens)) WHERE (hashint8(id) & 8191) = 0;
ANALYZE material_search_sample;

DROP INDEX materials_tokens_sample128;
DROP INDEX materials_tokens_sample1024;
DROP INDEX materials_tokens_sample8192;
