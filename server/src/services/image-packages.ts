/**
 * Image download packages: N images within M days, sold as copyright-service packages of service
 * 'image_download' (prices in lumen:services/copyright-services, bought through the service-order
 * checkout and /pay). Each download takes one unit with consumeQuota, whose per-ref uniqueness makes
 * the client's idempotency key hold: a retried download answers the first and takes nothing more.
 */
import type { Db } from '../db/index.js';
import { AppError } from '../http/envelope.js';
import { consumeQuota } from './service-orders-quota.js';
import {
  findPackageDownload,
  imageMaterial,
  insertPackageDownload,
  IMAGE_SERVICE,
  type PackageDownload,
} from '../repositories/image-packages.js';

const KEY_REUSED = '该下载编号已用于另一张图片，请重新下载';

/** Downloads one image under the user's packages: one unit per idempotency key, atomically. */
export async function downloadUnderPackage(
  db: Db,
  userId: number,
  materialId: number,
  key: string,
): Promise<PackageDownload & { repeated: boolean }> {
  const m = await imageMaterial(db, materialId);
  if (!m) throw new AppError(404, '图片不存在或未上架，图片下载套餐只能用于图片素材');
  if (!m.originalPath) throw new AppError(404, '原图暂不可用，请联系客服');
  return db.tx(async (t) => {
    const earlier = await findPackageDownload(t, userId, key);
    if (earlier) {
      if (earlier.materialId !== materialId) throw new AppError(409, KEY_REUSED);
      return { ...earlier, repeated: true };
    }
    const use = await consumeQuota(t, { userId, service: IMAGE_SERVICE as any, ref: `image-download:${key}` });
    const row = await insertPackageDownload(t, { userId, materialId, quotaUseId: use.id, key });
    if (row) return { ...row, repeated: false };
    // A parallel request with this key recorded it first (and consumeQuota answered its unit).
    const twin = await findPackageDownload(t, userId, key);
    if (!twin || twin.materialId !== materialId) throw new AppError(409, KEY_REUSED);
    return { ...twin, repeated: true };
  });
}
