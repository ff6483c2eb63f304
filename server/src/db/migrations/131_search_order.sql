-- Search and browse orders end on id, and each has an index in exactly that order, so a page of a
-- frequent term is read off the index (stopping at the page) instead of sorting every match.
DROP INDEX IF EXISTS materials_popular;
DROP INDEX IF EXISTS materials_status_created;
CREATE INDEX materials_popular ON materials(status, downloads DESC, id DESC);
CREATE INDEX materials_status_created ON materials(status, created_at DESC, id DESC);
CREATE INDEX materials_price ON materials(status, price_cents, id);
