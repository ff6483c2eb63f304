import type { FastifyInstance } from 'fastify';
import { addEarning } from '../../repositories/withdrawals.js';

/**
 * Creator-centre demo data: demo_creator's sales earnings (so withdrawals have a balance) and, when
 * the catalogue left materials without an owner, a dozen of them as demo_creator's works.
 */
export async function seedResources(app: FastifyInstance): Promise<void> {
  const creator = (await app.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'demo_creator'")).rows[0];
  if (!creator) return;
  const id = Number(creator.id);
  const has = await app.db.query('SELECT 1 FROM creator_earnings WHERE user_id = $1 LIMIT 1', [id]);
  if (has.rows.length) return;
  for (const [cents, note] of [[45800, '视频素材销售分成'], [32000, '图片素材销售分成'], [50800, '模板素材销售分成']] as const) {
    await addEarning(app.db, id, cents, note);
  }
  await app.db.query(
    `UPDATE materials SET owner_id = $1 WHERE id IN (SELECT id FROM materials WHERE owner_id IS NULL ORDER BY id LIMIT 12)
       AND NOT EXISTS (SELECT 1 FROM materials WHERE owner_id = $1)`,
    [id],
  );
}
