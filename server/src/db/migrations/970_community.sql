-- Showcase community (/community/*): creators publish portfolio posts made of works from their own
-- catalogue (materials they own) and/or uploaded images (object-store keys); others like, comment,
-- collect and follow. Counters live on the post and move in the same statement as the row they
-- count (INSERT ... ON CONFLICT DO NOTHING decides), so parallel likes cannot drift.
-- Moderation: anyone signed in reports a post or comment once; staff hide it (audit-logged).
CREATE TABLE community_posts (
  id             bigserial PRIMARY KEY,
  author_id      bigint NOT NULL REFERENCES users(id),
  title          text NOT NULL,
  body           text NOT NULL DEFAULT '',
  material_ids   bigint[] NOT NULL DEFAULT '{}',
  image_keys     text[] NOT NULL DEFAULT '{}',
  status         text NOT NULL DEFAULT 'visible' CHECK (status IN ('visible', 'hidden', 'deleted')),
  hidden_reason  text,
  like_count     int NOT NULL DEFAULT 0,
  comment_count  int NOT NULL DEFAULT 0,
  collect_count  int NOT NULL DEFAULT 0,
  report_count   int NOT NULL DEFAULT 0,
  created_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (cardinality(material_ids) + cardinality(image_keys) > 0)
);
CREATE INDEX community_posts_newest ON community_posts(created_at DESC) WHERE status = 'visible';
CREATE INDEX community_posts_author ON community_posts(author_id, created_at DESC);

CREATE TABLE community_likes (
  post_id    bigint NOT NULL REFERENCES community_posts(id) ON DELETE CASCADE,
  user_id    bigint NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (post_id, user_id)
);

CREATE TABLE community_collections (
  post_id    bigint NOT NULL REFERENCES community_posts(id) ON DELETE CASCADE,
  user_id    bigint NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (post_id, user_id)
);
CREATE INDEX community_collections_user ON community_collections(user_id, created_at DESC);

CREATE TABLE community_comments (
  id         bigserial PRIMARY KEY,
  post_id    bigint NOT NULL REFERENCES community_posts(id) ON DELETE CASCADE,
  user_id    bigint NOT NULL REFERENCES users(id),
  body       text NOT NULL,
  status     text NOT NULL DEFAULT 'visible' CHECK (status IN ('visible', 'hidden')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX community_comments_post ON community_comments(post_id, id);

CREATE TABLE community_follows (
  follower_id bigint NOT NULL REFERENCES users(id),
  followee_id bigint NOT NULL REFERENCES users(id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (follower_id, followee_id),
  CHECK (follower_id <> followee_id)
);
CREATE INDEX community_follows_followee ON community_follows(followee_id);

-- One report per reporter and target; staff work the open ones.
CREATE TABLE community_reports (
  id          bigserial PRIMARY KEY,
  target_type text NOT NULL CHECK (target_type IN ('post', 'comment')),
  target_id   bigint NOT NULL,
  reporter_id bigint NOT NULL REFERENCES users(id),
  reason      text NOT NULL,
  status      text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
  resolution  text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (target_type, target_id, reporter_id)
);
CREATE INDEX community_reports_open ON community_reports(created_at) WHERE status = 'open';
