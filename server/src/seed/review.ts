import type { FastifyInstance } from 'fastify';
import { editWork } from '../services/review.js';
import { insertDuplicate } from '../repositories/review-queue.js';

/**
 * Review demo data: a revision of one of demo_creator's works on sale (so the queue at /admin/review
 * and the creator's "修改审核中" show something) and a near-duplicate hit on a pending work, as the
 * media pipeline would record it. Skips when any revision exists.
 */
export async function seedReview(app: FastifyInstance): Promise<void> {
  if ((await app.db.query('SELECT 1 FROM material_revisions LIMIT 1')).rows.length) return;
  const work = (
    await app.db.query<{ id: number; owner_id: number; title: string; tags: string[]; price_cents: number }>(
      `SELECT m.id, m.owner_id, m.title, m.tags, m.price_cents FROM materials m JOIN users u ON u.id = m.owner_id
        WHERE u.username = 'demo_creator' AND m.status = 1 ORDER BY m.id LIMIT 1`,
    )
  ).rows[0];
  if (work) {
    const title = `${work.title}（高清重制）`.slice(0, 60);
    await editWork(app.db, { id: Number(work.owner_id), role: 'creator' }, Number(work.id), {
      title,
      description: '重新调色并提升清晰度的版本。',
      tags: [...work.tags.slice(0, 9), '重制'],
      price: (Number(work.price_cents) + 2000) / 100,
    });
  }
  const pair = (
    await app.db.query<{ pending: number; other: number }>(
      `SELECT p.id AS pending, (SELECT o.id FROM materials o WHERE o.type = p.type AND o.status = 1 ORDER BY abs(o.id - p.id) LIMIT 1) AS other
         FROM materials p WHERE p.status = 0 ORDER BY p.id LIMIT 1`,
    )
  ).rows[0];
  if (pair?.other)
    await insertDuplicate(app.db, {
      materialId: Number(pair.pending),
      otherMaterialId: Number(pair.other),
      distance: 9,
      kind: 'pdq',
    });
}
