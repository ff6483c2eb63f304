import type { FastifyInstance } from 'fastify';
import { seedUsers } from './users.js';
import { seedWechatIdentities } from './wechat.js';
import { seedCatalogue } from './catalogue.js';
import { seedResources } from './resources.js';
import { seedTrade } from './trade.js';
import { seedReview } from './review.js';
import { seedSales } from './sales.js';
import { seedMonitor } from '../services/monitor/demo.js';
import { seedCommunity } from './community.js';
import { seedCopyrightMarket } from './copyright-market.js';
import { seedBackOffice } from './back-office.js';

/**
 * Demo data, one module per area, each idempotent (it checks for its own rows first).
 * Order matters: later modules may use users and materials created earlier.
 */
const seeds: Array<{ name: string; run: (app: FastifyInstance) => Promise<void> }> = [
  { name: 'users', run: seedUsers },
  { name: 'wechat', run: seedWechatIdentities },
  { name: 'catalogue', run: seedCatalogue },
  { name: 'resources', run: seedResources },
  { name: 'trade', run: seedTrade },
  { name: 'review', run: seedReview },
  { name: 'sales', run: seedSales },
  { name: 'monitor', run: seedMonitor },
  { name: 'community', run: seedCommunity },
  { name: 'copyright-market', run: seedCopyrightMarket },
  { name: 'back-office', run: seedBackOffice },
];

export async function seedIfEmpty(app: FastifyInstance): Promise<void> {
  for (const s of seeds) {
    const t = Date.now();
    await s.run(app);
    app.log.info({ seed: s.name, ms: Date.now() - t }, 'seed step done');
  }
}
