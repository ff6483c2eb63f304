import type { Queryable } from '../../db/index.js';
import { hashCandidates } from '../../repositories/media.js';
import { insertDuplicate } from '../../repositories/review-queue.js';
import { insertEvent } from '../../repositories/work-review.js';
import { DUPLICATE_DISTANCE, hamming } from './phash.js';

/**
 * Records a material_duplicates row for every other owner's work within DUPLICATE_DISTANCE of one
 * of the hashes (the staff review queue shows them) and notes it on the work's timeline.
 * Video: the distance of a pair is the best keyframe match; one matching keyframe is enough to ask staff.
 */
export async function flagNearDuplicates(
  q: Queryable,
  materialId: number,
  kind: string,
  hashes: string[],
): Promise<number[]> {
  const best = new Map<number, number>();
  for (const c of await hashCandidates(q, materialId, kind, hashes)) {
    const d = Math.min(...hashes.map((h) => hamming(h, c.hash)));
    if (d <= DUPLICATE_DISTANCE && d < (best.get(c.material_id) ?? Infinity)) best.set(c.material_id, d);
  }
  for (const [other, distance] of best) {
    await insertDuplicate(q, { materialId, otherMaterialId: other, distance, kind });
    await insertEvent(q, {
      materialId,
      actorId: null,
      actorRole: 'system',
      action: 'duplicate_flagged',
      from: null,
      to: null,
      comment: `与作品 #${other} 的画面指纹相近（距离 ${distance}）`,
    });
  }
  return [...best.keys()];
}
