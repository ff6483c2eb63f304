-- Image download packages (issue 16): a package is a copyright-service package of service
-- 'image_download' (N images within M days), bought through the service-order checkout; each
-- download under it takes one unit through consumeQuota. The client names each download with an
-- idempotency key: a retry with the same key answers the first download and takes nothing more.
CREATE TABLE image_package_downloads (
  id              bigserial PRIMARY KEY,
  user_id         bigint NOT NULL REFERENCES users(id),
  material_id     bigint NOT NULL REFERENCES materials(id),
  quota_use_id    bigint NOT NULL REFERENCES service_quota_uses(id),
  idempotency_key text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX image_package_downloads_user ON image_package_downloads(user_id, id DESC);
