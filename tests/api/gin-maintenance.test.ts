import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp } from '../helpers/app.js';
import { cleanGinPendingLists } from '../../server/src/services/gin-maintenance.js';
import { searchVector } from '../../server/src/search/vector.js';

/** PGlite has no autovacuum: the server merges GIN pending lists itself (services/gin-maintenance.ts). */
describe('GIN pending lists', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  /** Merges every pending list; returns how many pending pages it emptied. */
  const pendingPages = () => cleanGinPendingLists(t.db);

  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t?.close());

  it('are merged into the search indexes, and searches still find what was pending', async () => {
    await pendingPages();
    // Enough new rows to fill several pending pages of the token indexes.
    const vector = searchVector({
      title: '极光下的冰川湖面航拍',
      tags: ['极光', '冰川'],
      description: '极光与冰川的延时摄影，适用于纪录片与广告。',
    });
    await t.db.query(
      `INSERT INTO materials(type, title, tags, status, price_cents, search_tokens)
       SELECT 11, '极光冰川' || g, ARRAY['极光'], 1, 100, $1::tsvector FROM generate_series(1, 400) g`,
      [vector],
    );
    expect(await pendingPages()).toBeGreaterThan(0);
    // Nothing left to merge; the merged entries are found through the index.
    expect(await pendingPages()).toBe(0);
    const r = await t.app.inject('/api/index/search?keyword=%E6%9E%81%E5%85%89&pageSize=5');
    expect(r.statusCode).toBe(200);
    expect(r.json().data.list).toHaveLength(5);
    expect(r.json().data.list.every((c: { title: string }) => c.title.includes('极光'))).toBe(true);
  });
});
