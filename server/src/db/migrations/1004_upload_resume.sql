-- Resuming an upload after a reload (services/uploads/init.ts): the browser gives the file's
-- last-modified time with its name and size, so the same file picked again finds its unfinished
-- upload before its SHA-256 is known (large files are not hashed before sending).
ALTER TABLE uploads ADD COLUMN IF NOT EXISTS last_modified bigint;
CREATE INDEX IF NOT EXISTS uploads_open_by_file ON uploads (user_id, filename, total_size) WHERE state = 'receiving';
