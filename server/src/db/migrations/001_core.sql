-- Core tables every group relies on: accounts, sessions, the catalogue, page views.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE users (
  id            bigserial PRIMARY KEY,
  phone         text UNIQUE,
  username      text UNIQUE,
  password_hash text,
  nickname      text NOT NULL DEFAULT '',
  avatar        text NOT NULL DEFAULT '',
  owner_type    text NOT NULL DEFAULT 'PERSONAL' CHECK (owner_type IN ('PERSONAL', 'ORGANISATIONS')),
  -- Company accounts may hold enhanced authorization (film/TV, in-game use cases).
  enhanced_auth boolean NOT NULL DEFAULT false,
  company_name  text,
  parent_id     bigint REFERENCES users(id),          -- sub-accounts point at their company
  roles         text[] NOT NULL DEFAULT ARRAY['buyer']::text[],  -- buyer, creator, staff
  invite_id     text,
  invite_code   text,
  regist_source text,
  regist_device text,
  wechat_openid text UNIQUE,
  balance_cents bigint NOT NULL DEFAULT 0,
  created_at    timestamptz NOT NULL DEFAULT now()
);

-- Tokens are random; only their SHA-256 is stored, so a leaked table does not leak sessions.
CREATE TABLE sessions (
  token_hash  text PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz
);
CREATE INDEX sessions_user ON sessions(user_id);

CREATE TABLE categories (
  id         serial PRIMARY KEY,
  parent_id  int REFERENCES categories(id),
  type       smallint NOT NULL,                       -- material type the category belongs to
  name       text NOT NULL,
  sort       int NOT NULL DEFAULT 0
);

CREATE TABLE materials (
  id            bigserial PRIMARY KEY,
  type          smallint NOT NULL CHECK (type IN (1, 2, 11)),   -- 1 video, 2 template, 11 image
  title         text NOT NULL,
  description   text NOT NULL DEFAULT '',
  tags          text[] NOT NULL DEFAULT '{}',
  category_id   int REFERENCES categories(id),
  owner_id      bigint REFERENCES users(id),
  status        smallint NOT NULL DEFAULT 1,         -- work status table, 1 = approved
  duration_sec  numeric,                             -- video/template length
  width         int,
  height        int,
  fps           numeric,
  format        text,
  size_bytes    bigint,
  price_cents   int NOT NULL DEFAULT 0,              -- base price of the personal licence
  cover_path    text,                                -- stored file keys (server-generated)
  preview_path  text,                                -- watermarked preview (image or clip)
  original_path text,                                -- licensed original, never served publicly
  views         int NOT NULL DEFAULT 0,
  downloads     int NOT NULL DEFAULT 0,
  collects      int NOT NULL DEFAULT 0,
  -- App-computed CJK unigram/bigram + Latin word tokens (server/src/search/tokens.ts).
  search_tokens tsvector,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX materials_tokens ON materials USING gin(search_tokens);
CREATE INDEX materials_type_created ON materials(type, created_at DESC);
CREATE INDEX materials_category ON materials(category_id);

CREATE TABLE albums (
  id          bigserial PRIMARY KEY,
  type        smallint NOT NULL,
  title       text NOT NULL,
  description text NOT NULL DEFAULT '',
  cover_path  text,
  sort        int NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE album_items (
  album_id    bigint NOT NULL REFERENCES albums(id) ON DELETE CASCADE,
  material_id bigint NOT NULL REFERENCES materials(id) ON DELETE CASCADE,
  sort        int NOT NULL DEFAULT 0,
  PRIMARY KEY (album_id, material_id)
);

CREATE TABLE page_views (
  id         bigserial PRIMARY KEY,
  user_id    bigint REFERENCES users(id),
  payload    jsonb NOT NULL,
  ip         text,
  created_at timestamptz NOT NULL DEFAULT now()
);
