import type { Queryable } from '../db/index.js';
import { AppError } from '../http/envelope.js';
import { materialStatus } from '../repositories/materials.js';

/** The refusal for a material that exists but is not approved (pending review, rejected or taken down). */
export const TAKEN_DOWN = '该素材已下架';

/** Throws unless the material is approved (status 1): only those can be collected, carted or bought. */
export async function requireApproved(db: Queryable, materialId: number, action: string): Promise<void> {
  const status = await materialStatus(db, materialId);
  if (status === null) throw new AppError(404, '素材不存在');
  if (status !== 1) throw new AppError(409, `${TAKEN_DOWN}，无法${action}`);
}
