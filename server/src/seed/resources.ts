import type { FastifyInstance } from 'fastify';

/**
 * Creator-centre demo data: when the catalogue left materials without an owner, a dozen of them
 * as demo_creator's works (their sales and earnings come from seed/sales.ts, through real orders).
 */
export async function seedResources(app: FastifyInstance): Promise<void> {
  const creator = (await app.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'demo_creator'")).rows[0];
  if (!creator) return;
  const id = Number(creator.id);
  await app.db.query(
    `UPDATE materials SET owner_id = $1 WHERE id IN (SELECT id FROM materials WHERE owner_id IS NULL ORDER BY id LIMIT 12)
       AND NOT EXISTS (SELECT 1 FROM materials WHERE owner_id = $1)`,
    [id],
  );
}
