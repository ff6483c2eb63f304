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

  // Durations are measured from the demo files: clips made from the photos last 10-60 s (mostly
  // short, a couple longer) and templates 10 s; the duration filter itself is tested in
  // catalogue-search with edited rows.
  it('states the measured duration of every video and template and spreads dates over months', async () => {
    expect(
      await count(
        'SELECT count(*) AS n FROM materials WHERE type IN (1, 2) AND (duration_sec IS NULL OR duration_sec < 9.9 OR duration_sec > 60.1)',
      ),
    ).toBe(0);
    expect(
      await count('SELECT count(DISTINCT round(duration_sec)) AS n FROM materials WHERE type = 1'),
    ).toBeGreaterThan(5);
    expect(await count('SELECT count(*) AS n FROM materials WHERE type = 1 AND duration_sec >= 30')).toBeGreaterThan(0);
    expect(
      await count("SELECT count(DISTINCT date_trunc('month', created_at)) AS n FROM materials"),
    ).toBeGreaterThanOrEqual(4);
  });

  it('keeps the author and licence of the photos each work shows, and its detail answer says them', async () => {
    expect(
      await count(
        "SELECT count(*) AS n FROM materials WHERE credits IS NULL OR jsonb_array_length(credits) = 0 OR credits->0->>'author' = '' OR credits->0->>'licence' IS NULL",
      ),
    ).toBe(0);
    // A clip shows 2-4 photos and credits each of them.
    expect(await count('SELECT count(*) AS n FROM materials WHERE type = 1 AND jsonb_array_length(credits) < 2')).toBe(
      0,
    );
    const image = (
      await t.db.query<{ id: number }>(
        "SELECT id FROM materials WHERE type = 11 AND status = 1 AND title = '欧罗巴山峰的雪山与草甸'",
      )
    ).rows[0];
    const r = await t.app.inject(`/api/items/detail/${image.id}`);
    expect(r.json().data).toMatchObject({
      tags: expect.arrayContaining(['雪山', '山峰']),
      credits: [
        {
          author: 'Aitzol Berasategi',
          licence: 'CC BY 4.0',
          licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
          package: 'lomiri-wallpapers-16.04',
        },
      ],
    });
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
