import { makeTestApp } from '../helpers/app.js';
import { seedUsers } from '../../server/src/seed/users.js';
import { seedCatalogue } from '../../server/src/seed/catalogue.js';
import { SEED_MEDIA_TASK } from '../../server/src/seed/catalogue/media-task.js';
import { runUntilIdle } from '../../server/src/jobs/index.js';
import { servicesOf } from '../helpers/jobs.js';

/**
 * A fresh app with the demo users and the demo catalogue, its media jobs run to the end (media
 * come from the seed cache after the first run).
 */
export async function makeCatalogueApp() {
  const t = await makeTestApp();
  await seedUsers(t.app);
  await seedCatalogue(t.app);
  await runUntilIdle(servicesOf(t.app), { tasks: [SEED_MEDIA_TASK], pollMs: 50 });
  return t;
}

/** Seeding generates media on a cold cache (clips and templates from the photos: minutes on 2 cores). */
export const SEED_TIMEOUT = 480_000;

export type CatalogueApp = Awaited<ReturnType<typeof makeCatalogueApp>>;

/** GET an /api path and return the envelope, asserting nothing (tests do). */
export async function api(t: CatalogueApp, url: string) {
  const r = await t.app.inject(url);
  return { status: r.statusCode, body: r.json() as { code: number; success: boolean; msg: string; data: any } };
}
