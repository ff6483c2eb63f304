-- Media pipeline (server/src/services/media): per-work processing state and derivatives, and the
-- perceptual hashes used to find near-duplicates. SQL in server/src/repositories/media.ts.

-- One row per work that went through the pipeline. materials keeps the catalogue fields
-- (duration_sec, width, height, fps, format, size_bytes, cover_path, preview_path); this table
-- keeps what only the pipeline knows and the processing state shown to the creator.
CREATE TABLE material_media (
  material_id  bigint PRIMARY KEY REFERENCES materials(id) ON DELETE CASCADE,
  state        text NOT NULL DEFAULT 'processing' CHECK (state IN ('processing', 'ready', 'failed')),
  job_id       bigint,
  original_key text NOT NULL,
  codec        text,
  bitrate      bigint,                         -- bits per second, from ffprobe
  poster_key   text,
  strip_key    text,                           -- keyframe storyboard sprite (public, watermark-free small tiles)
  strip        jsonb,                          -- {columns, rows, tileWidth, tileHeight, times: [seconds]}
  thumb_key    text,
  error        text,
  updated_at   timestamptz NOT NULL DEFAULT now()
);

-- 64-bit dHash of an image or of one video keyframe (frame = tile index; 0 for images), as 16 hex digits.
CREATE TABLE material_hashes (
  id          bigserial PRIMARY KEY,
  material_id bigint NOT NULL REFERENCES materials(id) ON DELETE CASCADE,
  kind        text NOT NULL,                   -- 'dhash' (image) or 'video-dhash' (keyframe)
  frame       int NOT NULL DEFAULT 0,
  hash        text NOT NULL CHECK (hash ~ '^[0-9a-f]{16}$'),
  UNIQUE (material_id, kind, frame)
);

-- Multi-index hashing: the hash split into 8 bands of 8 bits. Two hashes within Hamming distance 7
-- share at least one band exactly (pigeonhole), so a lookup reads only rows with an equal band
-- through this index instead of comparing against every stored hash. Plain SQL: runs on PGlite too.
CREATE TABLE material_hash_bands (
  hash_id bigint NOT NULL REFERENCES material_hashes(id) ON DELETE CASCADE,
  band    smallint NOT NULL,
  value   smallint NOT NULL,
  PRIMARY KEY (band, value, hash_id)
);
CREATE INDEX material_hash_bands_hash ON material_hash_bands(hash_id);
