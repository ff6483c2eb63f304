-- Content Credentials on upload (issue #34 part 2). The C2PA manifest of a creator's original is
-- read when the upload is assembled (its summary rides in upload_blobs.meta.provenance) and copied
-- to the work made from it: provenance is that summary (lumen:api provenanceSchema in
-- src/schemas/provenance.ts), null when the file has none. ai_declared is the creator's answer on
-- the upload form (null: not asked or not answered); ai_generated is the 「AI生成」 label the
-- listing, detail page and search filter read: the manifest's word or the declaration, either.
-- ai_source says which ('declared' | 'manifest' | 'both', lumen:enums/ai-source).
ALTER TABLE materials ADD COLUMN provenance jsonb;
ALTER TABLE materials ADD COLUMN ai_declared boolean;
ALTER TABLE materials ADD COLUMN ai_generated boolean NOT NULL DEFAULT false;
ALTER TABLE materials ADD COLUMN ai_source text CHECK (ai_source IN ('declared', 'manifest', 'both'));

-- The search filter (AI生成 / 非AI生成) is a column condition like category_id; the search samples
-- (migration 1003) are read with the same conditions, so they carry the column too.
ALTER TABLE material_search_sample ADD COLUMN ai_generated boolean NOT NULL DEFAULT false;

CREATE OR REPLACE FUNCTION material_search_sample_sync() RETURNS trigger LANGUAGE plpgsql AS $$
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
    INSERT INTO material_search_sample(id, status, category_id, title, description, tags, downloads, created_at, price_cents, search_tokens, ai_generated)
    VALUES (NEW.id, NEW.status, NEW.category_id, NEW.title, NEW.description, NEW.tags, NEW.downloads, NEW.created_at, NEW.price_cents, NEW.search_tokens, NEW.ai_generated)
    ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, category_id = EXCLUDED.category_id, title = EXCLUDED.title,
      description = EXCLUDED.description, tags = EXCLUDED.tags, downloads = EXCLUDED.downloads, created_at = EXCLUDED.created_at,
      price_cents = EXCLUDED.price_cents, search_tokens = EXCLUDED.search_tokens, ai_generated = EXCLUDED.ai_generated;
  ELSE
    DELETE FROM material_search_sample WHERE id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
