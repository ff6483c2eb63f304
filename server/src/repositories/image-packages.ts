import type { Queryable } from '../db/index.js';
import { col } from '../http/list-query.js';
import type { OwnedTable } from './owned-records.js';

export const IMAGE_SERVICE = 'image_download';

/** lumen:status/image-package of a paid package, from its order, units and expiry. */
const PACKAGE_STATUS = `(CASE WHEN (SELECT o.status FROM orders o WHERE o.id = service_orders.order_id) = 'refunded' OR refunded_at IS NOT NULL THEN 3
  WHEN used >= quantity THEN 1 WHEN expires_at IS NOT NULL AND expires_at <= now() THEN 2 ELSE 0 END)`;

/** /account/imageConsume: the user's paid image packages and how much of each was used. */
export const imagePackageTable: OwnedTable = {
  table: 'service_orders',
  owner: 'user_id',
  scope: `service = '${IMAGE_SERVICE}' AND activated_at IS NOT NULL`,
  select: `id, title, quantity, used, quantity - used AS "left", price_cents, activated_at, expires_at, ${PACKAGE_STATUS} AS status,
    (SELECT o.order_no FROM orders o WHERE o.id = service_orders.order_id) AS order_no`,
  list: {
    columns: {
      id: col.bigint('id', '套餐编号'),
      status: col.int(PACKAGE_STATUS, '状态'),
      activated_at: col.time('activated_at', '购买时间'),
      expires_at: col.time('expires_at', '到期时间'),
    },
    sortable: ['activated_at', 'expires_at'],
    defaultSort: { field: 'activated_at', order: 'desc' },
  },
};

/** /account/imageDownload: every image downloaded under a package. */
export const imageDownloadTable: OwnedTable = {
  table: 'image_package_downloads',
  owner: 'user_id',
  select: `id, material_id, created_at, idempotency_key,
    (SELECT m.title FROM materials m WHERE m.id = material_id) AS title,
    (SELECT s.title FROM service_quota_uses u JOIN service_orders s ON s.id = u.service_order_id WHERE u.id = quota_use_id) AS package_title`,
  list: {
    columns: {
      id: col.bigint('id', '下载编号'),
      material_id: col.bigint('material_id', '图片编号'),
      created_at: col.time('created_at', '下载时间'),
    },
    sortable: ['created_at'],
    defaultSort: { field: 'created_at', order: 'desc' },
  },
};

export interface PackageDownload {
  id: number;
  materialId: number;
  quotaUseId: number;
}

const DL_COLUMNS = 'id, material_id AS "materialId", quota_use_id AS "quotaUseId"';
const num = (r: PackageDownload) => ({
  id: Number(r.id),
  materialId: Number(r.materialId),
  quotaUseId: Number(r.quotaUseId),
});

export async function findPackageDownload(q: Queryable, userId: number, key: string): Promise<PackageDownload | null> {
  const r = await q.query<PackageDownload>(
    `SELECT ${DL_COLUMNS} FROM image_package_downloads WHERE user_id = $1 AND idempotency_key = $2`,
    [userId, key],
  );
  return r.rows[0] ? num(r.rows[0]) : null;
}

/** Records a download; null when this key was recorded meanwhile (a parallel retry). */
export async function insertPackageDownload(
  q: Queryable,
  d: { userId: number; materialId: number; quotaUseId: number; key: string },
): Promise<PackageDownload | null> {
  const r = await q.query<PackageDownload>(
    `INSERT INTO image_package_downloads(user_id, material_id, quota_use_id, idempotency_key) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING ${DL_COLUMNS}`,
    [d.userId, d.materialId, d.quotaUseId, d.key],
  );
  return r.rows[0] ? num(r.rows[0]) : null;
}

/** A published image (type 11) and its original file. */
export async function imageMaterial(q: Queryable, id: number) {
  const r = await q.query<{ id: number; title: string; originalPath: string | null; format: string | null }>(
    `SELECT id, title, original_path AS "originalPath", format FROM materials WHERE id = $1 AND type = 11 AND status = 1`,
    [id],
  );
  return r.rows[0] ?? null;
}
