import type { FastifyInstance } from 'fastify';
import { insertCoupon } from '../repositories/coupons.js';
import { credit } from '../repositories/wallet.js';

const DAY = 24 * 3600 * 1000;

/** Demo coupons (one of each status) and a wallet balance for the demo buyers; skips missing users. */
export async function seedTrade(app: FastifyInstance): Promise<void> {
  const users = await app.db.query<{ id: number; username: string }>(
    `SELECT id, username FROM users WHERE username IN ('demo_buyer', 'demo_company', 'demo_enhanced')`,
  );
  for (const u of users.rows) {
    const id = Number(u.id);
    if ((await app.db.query('SELECT 1 FROM coupons WHERE user_id = $1 LIMIT 1', [id])).rows.length) continue;
    const now = Date.now();
    await insertCoupon(app.db, {
      userId: id,
      name: '新人立减券',
      amountCents: 500,
      thresholdCents: 0,
      expiresAt: new Date(now + 90 * DAY),
    });
    await insertCoupon(app.db, {
      userId: id,
      name: '满100减20',
      amountCents: 2000,
      thresholdCents: 10000,
      expiresAt: new Date(now + 30 * DAY),
    });
    await insertCoupon(app.db, {
      userId: id,
      name: '满500减100',
      amountCents: 10000,
      thresholdCents: 50000,
      expiresAt: new Date(now + 30 * DAY),
    });
    await insertCoupon(app.db, {
      userId: id,
      name: '下月专享券',
      amountCents: 1000,
      thresholdCents: 0,
      status: 0,
      validFrom: new Date(now + 7 * DAY),
      expiresAt: new Date(now + 60 * DAY),
    });
    await insertCoupon(app.db, {
      userId: id,
      name: '限时体验券',
      amountCents: 800,
      thresholdCents: 0,
      status: 3,
      validFrom: new Date(now - 30 * DAY),
      expiresAt: new Date(now - DAY),
    });
    await insertCoupon(app.db, {
      userId: id,
      name: '活动作废券',
      amountCents: 300,
      thresholdCents: 0,
      status: 4,
      expiresAt: new Date(now + 30 * DAY),
    });
    await credit(app.db, id, 100000, 'seed', '演示账户赠送余额');
  }
}
