-- Sessions the user can see and revoke one by one (/account/security): a public id (the token hash
-- never leaves the server), the address and browser of its first use, and when it was last used.
-- Every login issues a new session, so the user's sessions are also their login history.
ALTER TABLE sessions ADD COLUMN id bigserial;
CREATE UNIQUE INDEX sessions_public_id ON sessions(id);
ALTER TABLE sessions ADD COLUMN ip text;
ALTER TABLE sessions ADD COLUMN user_agent text;
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz;
CREATE INDEX sessions_user_created ON sessions(user_id, created_at DESC);
