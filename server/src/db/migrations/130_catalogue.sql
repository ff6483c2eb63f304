-- Catalogue: evidence certificates shown on the detail page, and indexes for browse and search.

-- One evidence-deposit certificate per material (the deposits work inserts rows here too).
CREATE TABLE material_evidence (
  material_id     bigint PRIMARY KEY REFERENCES materials(id) ON DELETE CASCADE,
  cert_no         text NOT NULL UNIQUE,
  file_hash       text NOT NULL,          -- SHA-256 of the deposited original
  ledger_hash     text NOT NULL,          -- transaction hash on the evidence ledger
  deposited_at    timestamptz NOT NULL DEFAULT now(),
  certificate_url text NOT NULL
);

-- Browse lists only show approved items; these keep newest/popular/price/category pages index-backed.
CREATE INDEX materials_status_created ON materials(status, created_at DESC);
CREATE INDEX materials_popular ON materials(status, downloads DESC, views DESC);
CREATE INDEX materials_category_created ON materials(category_id, created_at DESC);
CREATE INDEX materials_owner ON materials(owner_id);
CREATE INDEX album_items_material ON album_items(material_id);
CREATE INDEX categories_type ON categories(type, sort);
