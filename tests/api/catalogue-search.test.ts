import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, makeCatalogueApp, SEED_TIMEOUT, type CatalogueApp } from './catalogue-fixture.js';
import type { SearchQuery } from '../../server/src/search/index.js';
import { createSearchEngine } from '../../server/src/search/sql-engine.js';

type Card = {
  id: number;
  type: number;
  title: string;
  tags: string[];
  durationSec: number | null;
  priceCents: number;
  createdAt: string;
  categoryId: number;
};

describe('catalogue search (/api/index/search)', () => {
  let t: CatalogueApp;
  const search = async (params: Record<string, string | number>) => {
    const r = await api(
      t,
      `/api/index/search?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`,
    );
    expect(r.status).toBe(200);
    return r.body.data as { list: Card[]; total: number; totalCapped: boolean; totalEstimated: boolean };
  };
  /** Texts of every approved material, straight from the database, to compare results against. */
  const approved = async () =>
    (
      await t.db.query<{ id: number; title: string; tags: string[]; description: string; type: number }>(
        'SELECT id, title, tags, description, type FROM materials WHERE status = 1',
      )
    ).rows.map((r) => ({ ...r, id: Number(r.id) }));

  beforeAll(async () => {
    t = await makeCatalogueApp();
  }, SEED_TIMEOUT);
  afterAll(() => t?.close());

  it("a 2-character query ('花朵') finds every title containing it, ranked above tag-only and description-only hits", async () => {
    const rows = await approved();
    const inTitle = rows.filter((r) => r.title.includes('花朵'));
    const tagOnly = rows.filter((r) => !r.title.includes('花朵') && r.tags.some((x) => x.includes('花朵')));
    const descOnly = rows.filter(
      (r) => !r.title.includes('花朵') && !r.tags.some((x) => x.includes('花朵')) && r.description.includes('花朵'),
    );
    expect(inTitle.length).toBeGreaterThan(3);
    expect(tagOnly.length).toBeGreaterThan(3);
    expect(descOnly.length).toBeGreaterThan(0);

    const res = await search({ keyword: '花朵', pageSize: 60 });
    expect(res.total).toBe(inTitle.length + tagOnly.length + descOnly.length);
    const ids = res.list.map((x) => x.id);
    const firstTitle = ids.slice(0, inTitle.length);
    expect(new Set(firstTitle)).toEqual(new Set(inTitle.map((r) => r.id)));
    const tier = (id: number) => (inTitle.some((r) => r.id === id) ? 3 : tagOnly.some((r) => r.id === id) ? 2 : 1);
    const tiers = ids.map(tier);
    expect(tiers).toEqual([...tiers].sort((a, b) => b - a));
    expect(tiers.at(-1)).toBe(1);
  });

  it('1-, 3- and 4-character queries match the text verbatim', async () => {
    const rows = await approved();
    const text = (r: { title: string; tags: string[]; description: string }) =>
      `${r.title} ${r.tags.join(' ')} ${r.description}`;
    for (const kw of ['花', '蒲公英', '秋日山野', '微距特写']) {
      const expected = rows
        .filter((r) => text(r).includes(kw))
        .map((r) => r.id)
        .sort((a, b) => a - b);
      expect(expected.length, kw).toBeGreaterThan(0);
      const res = await search({ keyword: kw, pageSize: 60, page: 1 });
      expect(res.total, kw).toBe(expected.length);
      for (const card of res.list) expect(text(rows.find((r) => r.id === card.id)!), kw).toContain(kw);
    }
  });

  it('does not match reversed characters or words joined across two tags', async () => {
    expect((await search({ keyword: '距微' })).total).toBe(0);
    // Items tagged '蜻蜓' and '瓢虫' (adjacent tags) do not contain the phrase '蜻蜓瓢虫'.
    expect((await search({ keyword: '蜻蜓' })).total).toBeGreaterThan(0);
    expect((await search({ keyword: '蜻蜓瓢虫' })).total).toBe(0);
  });

  it('mixed Chinese/English queries need every part, with or without a space', async () => {
    const rows = await approved();
    const expected = rows.filter(
      (r) => r.tags.includes('flower') && `${r.title}${r.tags.join(' ')}${r.description}`.includes('花朵'),
    ).length;
    expect(expected).toBeGreaterThan(0);
    for (const kw of ['花朵 flower', '花朵flower', 'FLOWER 花朵', 'ｆｌｏｗｅｒ']) {
      const res = await search({ keyword: kw, pageSize: 60 });
      expect(res.total, kw).toBe(expected);
      expect(res.list.every((c) => c.tags.includes('flower'))).toBe(true);
    }
    expect((await search({ keyword: '花朵 dog' })).total).toBe(0);
  });

  it('filters by type, video duration class and category', async () => {
    const images = await search({ keyword: '花朵', type: 11, pageSize: 60 });
    expect(images.total).toBeGreaterThan(0);
    expect(images.list.every((c) => c.type === 11)).toBe(true);
    // Demo videos are short files (durations are measured); two stand in for longer uploads.
    await t.db.query(`UPDATE materials SET duration_sec = CASE WHEN id % 2 = 0 THEN 900 ELSE 2400 END
      WHERE id IN (SELECT id FROM materials WHERE type = 1 AND status = 1 ORDER BY id DESC LIMIT 4)`);
    const classes = {
      VIDEO_SHORT: (d: number) => d < 600,
      VIDEO_MIDDLE: (d: number) => d >= 600 && d <= 1800,
      VIDEO_LONG: (d: number) => d > 1800,
    };
    let sum = 0;
    for (const [duration, fits] of Object.entries(classes)) {
      const res = await search({ duration, pageSize: 60 });
      expect(res.total, duration).toBeGreaterThan(0);
      expect(res.list.every((c) => c.type === 1 && fits(c.durationSec!))).toBe(true);
      sum += res.total;
    }
    expect(sum).toBe((await search({ type: 1 })).total);

    // With a keyword the filters are index tokens (migration 132): totals match the rows themselves,
    // and a changed duration moves a video to its new class.
    const flowers = (
      await t.db.query<{ id: number; type: number; duration_sec: string | null }>(
        "SELECT id, type, duration_sec FROM materials WHERE status = 1 AND (title || array_to_string(tags, ' ') || description) LIKE '%花朵%'",
      )
    ).rows;
    for (const type of [1, 2, 11])
      expect((await search({ keyword: '花朵', type })).total, `type ${type}`).toBe(
        flowers.filter((r) => r.type === type).length,
      );
    for (const [duration, fits] of Object.entries(classes)) {
      const want = flowers.filter((r) => r.type === 1 && fits(Number(r.duration_sec))).length;
      expect((await search({ keyword: '花朵', duration })).total, duration).toBe(want);
    }
    // A duration class belongs to videos: beside another type it matches nothing, beside video the class alone.
    expect((await search({ keyword: '花朵', type: 11, duration: 'VIDEO_SHORT' })).total).toBe(0);
    expect((await search({ keyword: '花朵', type: 1, duration: 'VIDEO_SHORT' })).total).toBe(
      flowers.filter((r) => r.type === 1 && classes.VIDEO_SHORT(Number(r.duration_sec))).length,
    );
    const shortFlower = flowers.find((r) => r.type === 1 && Number(r.duration_sec) < 600)!;
    const before = (await search({ keyword: '花朵', duration: 'VIDEO_LONG' })).total;
    await t.db.query('UPDATE materials SET duration_sec = 2400 WHERE id = $1', [shortFlower.id]);
    expect((await search({ keyword: '花朵', duration: 'VIDEO_LONG' })).total).toBe(before + 1);
    await t.db.query('UPDATE materials SET duration_sec = $2 WHERE id = $1', [
      shortFlower.id,
      shortFlower.duration_sec,
    ]);
    const cat = (await t.db.query<{ id: number }>("SELECT id FROM categories WHERE name = '动物萌宠' AND type = 1"))
      .rows[0].id;
    const inCat = await search({ categoryId: cat, pageSize: 60 });
    expect(inCat.total).toBeGreaterThan(0);
    expect(inCat.list.every((c) => c.categoryId === Number(cat))).toBe(true);
  });

  it('sorts by newest, popularity and price', async () => {
    const newest = (await search({ keyword: '山', sort: 'newest', pageSize: 30 })).list.map((c) => c.createdAt);
    expect(newest).toEqual([...newest].sort().reverse());
    const asc = (await search({ type: 11, sort: 'price_asc', pageSize: 30 })).list.map((c) => c.priceCents);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await search({ sort: 'price_desc', pageSize: 30 })).list.map((c) => c.priceCents);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const popular = await search({ sort: 'popular', pageSize: 5 });
    const top = await t.db.query<{ max: number }>('SELECT max(downloads)::int AS max FROM materials WHERE status = 1');
    expect((popular.list[0] as any).downloads).toBe(top.rows[0].max);
  });

  it('paginates without overlap and with a stable total', async () => {
    const p1 = await search({ keyword: '夕阳', pageSize: 10, page: 1 });
    const p2 = await search({ keyword: '夕阳', pageSize: 10, page: 2 });
    expect(p1.total).toBeGreaterThan(20);
    expect(p2.total).toBe(p1.total);
    expect(p1.totalCapped).toBe(false);
    expect(p2.list).toHaveLength(10);
    const ids1 = new Set(p1.list.map((c) => c.id));
    expect(p2.list.some((c) => ids1.has(c.id))).toBe(false);
  });

  it('relevance pages that cross from title hits into tag and description hits match one long page', async () => {
    const all = await search({ keyword: '花朵', pageSize: 60 });
    expect(all.total).toBe(all.list.length);
    const whole = all.list.map((c) => c.id);
    const paged: number[] = [];
    for (let page = 1; paged.length < whole.length; page++) {
      const res = await search({ keyword: '花朵', pageSize: 7, page });
      expect(res.list.length, `page ${page}`).toBeGreaterThan(0);
      paged.push(...res.list.map((c) => c.id));
    }
    expect(paged).toEqual(whole);
    const beyond = await search({ keyword: '花朵', pageSize: 7, page: Math.ceil(whole.length / 7) + 1 });
    expect(beyond.list).toEqual([]);
  });

  it('never shows unapproved items', async () => {
    const hidden = (
      await t.db.query<{ id: number; title: string }>('SELECT id, title FROM materials WHERE status <> 1')
    ).rows;
    expect(hidden.length).toBeGreaterThan(0);
    for (const h of hidden) {
      const res = await search({ keyword: h.title, pageSize: 60 });
      expect(res.list.map((c) => c.id)).not.toContain(Number(h.id));
    }
    const all = await search({ pageSize: 60, page: 1 });
    expect(all.total).toBe((await approved()).length);
  });

  it('answers punctuation-only queries with nothing and refuses bad parameters in Chinese', async () => {
    expect((await search({ keyword: '！！ ，' })).total).toBe(0);
    for (const q of [
      'type=5',
      'duration=LONG',
      'sort=random',
      'page=0',
      `keyword=${encodeURIComponent('熊'.repeat(51))}`,
    ]) {
      const r = await api(t, `/api/index/search?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.success).toBe(false);
      expect(r.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it.each([
    ['bucket range', { walkRows: 0, sortMatchesMax: 0, ranked: false }, 'WITH hits AS MATERIALIZED', 0.45],
    // Through the tokens ranked in each order (migrations 999, 1000, 1002): every page of the other
    // orders, and for the 8 relevance cases the title hits (then tags and descriptions by range).
    ['tokens ranked in each order', { walkRows: 0, sortMatchesMax: 0 }, '_rank_tokens', 0.9],
    // Dense terms of the other orders (4 of the 15 cases) are walked along the order's index.
    [
      'walk for dense terms beside ranked tokens',
      { walkRows: 2000, sortMatchesMax: 0 },
      'FROM (SELECT * FROM materials m WHERE m.status = 1 ORDER BY',
      0.25,
    ],
    [
      'walk along the order index',
      { walkRows: 2000, sortMatchesMax: 0, ranked: false },
      'FROM (SELECT * FROM materials m WHERE m.status = 1 ORDER BY',
      0.45,
    ],
    // Relevance tiers told by the title and title+tag token indexes (migration 997), not by weight:
    // 8 of the 15 cases sort by relevance, and those with under 16 matches are not estimated (sortAndCount).
    [
      'sorting every match of a tier',
      { sortMatchesMax: Infinity, ranked: false },
      "ts_filter(m.search_tokens, '{a}')",
      0.4,
    ],
  ] as const)(
    'reads pages by %s and returns exactly the pages a full sort returns',
    async (_, options, marker, share) => {
      // Every row sampled (rate 1), so the sample places each page in this small catalogue; with
      // walks off every placed page is read from a bucket range. The reference finds, counts and
      // sorts every match in one statement (too few sample hits to estimate from at its default rates).
      const statements: string[] = [];
      const spy = {
        query: (sql: string, params?: unknown[]) => (statements.push(sql), t.db.query(sql, params)),
      } as unknown as typeof t.db;
      const bucketed = createSearchEngine(spy, { sampleRates: [1], ...options });
      const referenceStatements: string[] = [];
      const referenceSpy = {
        query: (sql: string, params?: unknown[]) => (referenceStatements.push(sql), t.db.query(sql, params)),
      } as unknown as typeof t.db;
      const sorting = createSearchEngine(referenceSpy, { orderBuckets: false, ranked: false });
      const cases: Array<Partial<SearchQuery>> = [
        { keyword: '花朵' },
        { keyword: '花朵', page: 2 },
        { keyword: '花朵', page: 4 },
        { keyword: '秋日山野' },
        { keyword: '花' },
        { keyword: '花', page: 3 },
        { keyword: '花朵', sort: 'newest' },
        { keyword: '花', sort: 'price_asc', page: 2 },
        { keyword: '花朵', sort: 'price_desc' },
        { keyword: '花朵', sort: 'popular' },
        { keyword: '花朵', type: 1, duration: 'VIDEO_SHORT' },
        { keyword: '夕阳', type: 11 },
        { keyword: '花', sort: 'price_desc', page: 2 },
        // Filters in an order: their ranked tokens (migration 1002) narrow each bucket's list.
        { keyword: '花朵', type: 11, sort: 'newest' },
        { keyword: '花', type: 1, duration: 'VIDEO_SHORT', sort: 'popular', page: 2 },
      ];
      let read = 0;
      for (const c of cases) {
        const q: SearchQuery = { page: 1, pageSize: 7, ...c };
        statements.length = 0;
        const [a, b] = [await bucketed.search(q), await sorting.search(q)];
        expect(
          a.list.map((x) => x.id),
          JSON.stringify(c),
        ).toEqual(b.list.map((x) => x.id));
        expect(a.total, JSON.stringify(c)).toBe(b.total);
        if (statements.some((sql) => sql.includes(marker))) read++;
      }
      // Most pages were read that way (a tier smaller than the page falls back to a sort).
      expect(read).toBeGreaterThan(cases.length * share);
      expect(referenceStatements.filter((sql) => sql.includes('count(*) OVER ()')).length).toBeGreaterThan(
        cases.length / 2,
      );
    },
  );

  it("keeps every material's order bucket tokens in step with its downloads, price and date", async () => {
    const tokens = async (id: number) =>
      (
        await t.db.query<{ l: string[] }>(
          "SELECT ARRAY(SELECT lexeme FROM unnest(search_tokens) WHERE lexeme LIKE '~%' ORDER BY 1) AS l FROM materials WHERE id = $1",
          [id],
        )
      ).rows[0].l;
    // Migration 999: each title token joined with the popularity bucket, generated from the row.
    const ranked = async (id: number) =>
      (
        await t.db.query<{ l: string[] }>(
          'SELECT ARRAY(SELECT lexeme FROM unnest(title_rank_tokens) ORDER BY 1) AS l FROM materials WHERE id = $1',
          [id],
        )
      ).rows[0].l;
    const r = await t.db.query<{ id: number }>(
      `INSERT INTO materials(type, title, tags, status, price_cents, downloads, created_at, search_tokens)
       VALUES (11, '测试', ARRAY['测试'], 1, 1000, 15, '2026-01-02T23:30:00-05:00', $1::tsvector) RETURNING id`,
      ["'测':1A '试':1A '测试':1A"],
    );
    const id = Number(r.rows[0].id);
    // 4*log2(16) = 16, 4*log2(1001) = 39.9, and 23:30 at UTC-5 is already 3 January in UTC (day 20456).
    expect(await tokens(id)).toEqual(['~c39', '~n20456', '~p16', '~t11']);
    expect(await ranked(id)).toEqual(['测^16', '测试^16', '试^16']);
    await t.db.query('UPDATE materials SET downloads = 16 WHERE id = $1', [id]);
    expect(await tokens(id)).toEqual(['~c39', '~n20456', '~p16', '~t11']);
    await t.db.query('UPDATE materials SET downloads = 40, price_cents = 0 WHERE id = $1', [id]);
    expect(await tokens(id)).toEqual(['~c0', '~n20456', '~p21', '~t11']);
    expect(await ranked(id)).toEqual(['测^21', '测试^21', '试^21']);
    // A writer replacing the text tokens keeps the buckets and facets.
    await t.db.query('UPDATE materials SET search_tokens = $2::tsvector WHERE id = $1', [id, "'新':1A '旧':1"]);
    expect(await tokens(id)).toEqual(['~c0', '~n20456', '~p21', '~t11']);
    // Title tokens only ('旧' is in the description).
    expect(await ranked(id)).toEqual(['新^21']);
    await t.db.query('DELETE FROM materials WHERE id = $1', [id]);
  });

  it('keeps the search sample table (migration 1003) in step with every write to materials', async () => {
    const copy = async (id: number) =>
      (
        await t.db.query<{ status: number; downloads: number; title: string; tokens: string }>(
          'SELECT status, downloads, title, search_tokens::text AS tokens FROM material_search_sample WHERE id = $1',
          [id],
        )
      ).rows[0];
    // The sample is 1 id in 128 by hash: the next such id past every material's, and one that is not.
    const next = async (sampled: boolean) =>
      Number(
        (
          await t.db.query<{ id: number }>(
            `SELECT g AS id FROM generate_series((SELECT max(id) + 1 FROM materials), (SELECT max(id) + 5000 FROM materials)) g
         WHERE ((hashint8(g) & 127) = 0) = $1 ORDER BY g LIMIT 1`,
            [sampled],
          )
        ).rows[0].id,
      );
    const insert = (id: number, status: number) =>
      t.db.query(
        `INSERT INTO materials(id, type, title, tags, status, price_cents, downloads, search_tokens)
         VALUES ($1, 11, '抽样', ARRAY['抽样'], $2, 100, 3, $3::tsvector)`,
        [id, status, "'抽':1A '样':1A '抽样':1A"],
      );
    const id = await next(true);
    await insert(id, 2);
    expect(await copy(id)).toBeUndefined(); // not on sale: not sampled
    await t.db.query('UPDATE materials SET status = 1 WHERE id = $1', [id]);
    expect(await copy(id)).toMatchObject({ status: 1, downloads: 3, title: '抽样' });
    // The copy carries the tokens as migration 996's trigger completed them (facets, buckets).
    expect((await copy(id)).tokens).toContain("'~t11'");
    await t.db.query("UPDATE materials SET downloads = 9, title = '抽样二' WHERE id = $1", [id]);
    expect(await copy(id)).toMatchObject({ downloads: 9, title: '抽样二' });
    await t.db.query('UPDATE materials SET status = 3 WHERE id = $1', [id]);
    expect(await copy(id)).toBeUndefined();
    await t.db.query('UPDATE materials SET status = 1 WHERE id = $1', [id]);
    await t.db.query('DELETE FROM materials WHERE id = $1', [id]);
    expect(await copy(id)).toBeUndefined();
    const other = await next(false);
    await insert(other, 1);
    expect(await copy(other)).toBeUndefined();
    await t.db.query('DELETE FROM materials WHERE id = $1', [other]);
    // The whole table is exactly the sampled on-sale materials.
    const diff = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (
         (SELECT id FROM materials WHERE status = 1 AND (hashint8(id) & 127) = 0 EXCEPT SELECT id FROM material_search_sample)
         UNION ALL (SELECT id FROM material_search_sample EXCEPT SELECT id FROM materials WHERE status = 1 AND (hashint8(id) & 127) = 0)) d`,
    );
    expect(Number(diff.rows[0].n)).toBe(0);
  });

  // Runs last: it adds 10,001 rows to this file's database.
  it('estimates huge counts from the sample, or caps them at 10000 when counted, and flags either', async () => {
    // In statements of 500 rows: PGlite runs a statement synchronously, and one of 10,001 rows (its
    // triggers and indexes) held the test worker's event loop for 12 s alone, 88 s in a loaded run.
    for (let from = 1; from <= 10001; from += 500)
      await t.db.query(
        `INSERT INTO materials(type, title, tags, status, price_cents, search_tokens)
         SELECT 11, '银河星空壁纸' || g, ARRAY['银河'], 1, 100, $1::tsvector FROM generate_series($2::int, $3::int) g`,
        ["'银':1A '河':1A '银河':1A", from, Math.min(from + 499, 10001)],
      );
    const real = Number(
      (
        await t.db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM materials WHERE status = 1 AND search_tokens @@ '银河'::tsquery",
        )
      ).rows[0].n,
    );
    const res = await search({ keyword: '银河', pageSize: 5 });
    expect(res.totalEstimated).toBe(true);
    expect(res.totalCapped).toBe(false);
    expect(Math.abs(res.total - real) / real).toBeLessThan(0.25);
    // Two significant figures: an estimate does not pretend to be exact.
    expect(String(res.total)).toMatch(/^\d{1,2}0+$/);
    expect(res.list).toHaveLength(5);
    expect(res.list.every((c) => c.title.includes('银河'))).toBe(true);

    const counted = await createSearchEngine(t.db, { estimateMinHits: Infinity }).search({
      keyword: '银河',
      page: 1,
      pageSize: 5,
    });
    expect(counted).toMatchObject({ total: 10000, totalCapped: true, totalEstimated: false });
    // A rare term in the same catalogue is still counted exactly.
    const rare = await search({ keyword: '花朵', pageSize: 60 });
    expect(rare.totalEstimated).toBe(false);
    expect(rare.total).toBe(rare.list.length);
  });
});
