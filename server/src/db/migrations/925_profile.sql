-- Profile fields edited at /account/setting (nickname and avatar already exist on users).
ALTER TABLE users ADD COLUMN bio text NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN contact_email text NOT NULL DEFAULT '';
