import { makeTestApp } from '../helpers/app.js';
import { seedUsers } from '../../server/src/db/seed/users.js';
import { seedCatalogue } from '../../server/src/db/seed/catalogue.js';

/** A fresh app with the demo users and the demo catalogue (media come from the seed cache after the first run). */
export async function makeCatalogueApp() {
  const t = await makeTestApp();
  await seedUsers(t.app);
  await seedCatalogue(t.app);
  return t;
}

/** Seeding generates media on a cold cache (about a minute on 2 cores). */
export const SEED_TIMEOUT = 240_000;

export type CatalogueApp = Awaited<ReturnType<typeof makeCatalogueApp>>;

/** GET an /api path and return the envelope, asserting nothing (tests do). */
export async function api(t: CatalogueApp, url: string) {
  const r = await t.app.inject(url);
  return { status: r.statusCode, body: r.json() as { code: number; success: boolean; msg: string; data: any } };
}
