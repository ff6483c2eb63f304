import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCatalogueApp, SEED_TIMEOUT, type CatalogueApp } from './catalogue-fixture.js';
import { seedCatalogue, SEED_COUNTS } from '../../server/src/seed/catalogue.js';

describe('catalogue seed', () => {
  let t: CatalogueApp;
  beforeAll(async () => {
    t = await makeCatalogueApp();
  }, SEED_TIMEOUT);
  afterAll(() => t?.close());

  const count = async (sql: string) => Number((await t.db.query<{ n: number }>(sql)).rows[0].n);

  it('creates at least 240 approved materials across the three types with categories, owners and albums', async () => {
    expect(await count('SELECT count(*) AS n FROM materials WHERE status = 1')).toBeGreaterThanOrEqual(240);
    expect(await count('SELECT count(*) AS n FROM materials')).toBe(SEED_COUNTS[1] + SEED_COUNTS[2] + SEED_COUNTS[11]);
    for (const type of [1, 2, 11]) {
      expect(await count(`SELECT count(*) AS n FROM materials WHERE type = ${type} AND status = 1`)).toBeGreaterThan(
        30,
      );
      expect(await count(`SELECT count(*) AS n FROM categories WHERE type = ${type}`)).toBeGreaterThan(3);
      expect(await count(`SELECT count(*) AS n FROM albums WHERE type = ${type}`)).toBeGreaterThan(1);
    }
    expect(await count('SELECT count(DISTINCT owner_id) AS n FROM materials')).toBe(4);
    expect(
      await count(
        "SELECT count(*) AS n FROM materials m JOIN users u ON u.id = m.owner_id WHERE u.username = 'demo_creator'",
      ),
    ).toBeGreaterThan(0);
    expect(await count('SELECT count(*) AS n FROM materials WHERE search_tokens IS NULL OR category_id IS NULL')).toBe(
      0,
    );
    expect(await count('SELECT count(*) AS n FROM material_evidence')).toBeGreaterThan(3);
  });

  // Durations are measured from the demo files (short generated clips), so every demo video is in
  // the short class; the duration filter itself is tested in catalogue-search with edited rows.
  it('states the measured duration of every video and spreads dates over months', async () => {
    expect(
      await count(
        'SELECT count(*) AS n FROM materials WHERE type = 1 AND (duration_sec IS NULL OR abs(duration_sec - 4) > 0.1)',
      ),
    ).toBe(0);
    expect(
      await count("SELECT count(DISTINCT date_trunc('month', created_at)) AS n FROM materials"),
    ).toBeGreaterThanOrEqual(4);
  });

  it('stores every cover, preview and original under server-generated keys', async () => {
    const rows = (
      await t.db.query<{ cover_path: string; preview_path: string; original_path: string }>(
        'SELECT DISTINCT cover_path, preview_path, original_path FROM materials',
      )
    ).rows;
    for (const r of rows) {
      expect(r.cover_path).toMatch(/^media-public\/\d{6}\/[a-f0-9]+\.jpg$/);
      expect(r.preview_path).toMatch(/^media-public\//);
      expect(r.original_path).toMatch(/^media-original\//);
      for (const key of [r.cover_path, r.preview_path, r.original_path])
        expect(await t.app.storage.exists(key)).toBe(true);
    }
  });

  it('is idempotent', async () => {
    const before = await count('SELECT count(*) AS n FROM materials');
    await seedCatalogue(t.app);
    expect(await count('SELECT count(*) AS n FROM materials')).toBe(before);
    expect(await count('SELECT count(*) AS n FROM categories')).toBe(18);
  });
});
