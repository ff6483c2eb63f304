-- Credits of the photographs a work shows (issue #31): the demo catalogue is made from photos that
-- Debian packages ship under free licences, and each work keeps their authors and licences, shown
-- on its page. An array of {file, author, licence, licenceUrl, package, path}; NULL for a
-- creator's own upload.
ALTER TABLE materials ADD COLUMN credits jsonb;
