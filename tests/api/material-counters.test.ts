import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp } from '../helpers/app.js';

/** Views and downloads are counted in memory and written in batches, never per request. */
describe('batched view/download counters', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let a = 0;
  let b = 0;
  let hidden = 0;
  const views = async (id: number) =>
    Number((await t.db.query('SELECT views FROM materials WHERE id = $1', [id])).rows[0].views);

  beforeAll(async () => {
    t = await makeTestApp();
    const insert = async (status: number) =>
      Number(
        (
          await t.db.query(
            `INSERT INTO materials(type, title, status, price_cents, views) VALUES (1, '计数测试', $1, 100, 5) RETURNING id`,
            [status],
          )
        ).rows[0].id,
      );
    a = await insert(1);
    b = await insert(1);
    hidden = await insert(0);
  });
  afterAll(() => t?.close());

  it('parallel detail reads write nothing until the flush, which adds every view once', async () => {
    const got = await Promise.all([
      ...Array.from({ length: 12 }, () => t.app.inject(`/api/items/detail/${a}`)),
      ...Array.from({ length: 3 }, () => t.app.inject(`/api/items/detail/${b}`)),
    ]);
    expect(got.every((r) => r.statusCode === 200)).toBe(true);
    // The hot path did not write: the rows still hold their old counts.
    expect(await views(a)).toBe(5);
    expect(await views(b)).toBe(5);
    // Yet this server's answers include the pending views.
    expect((await t.app.inject(`/api/items/detail/${a}`)).json().data.views).toBe(5 + 13);
    await t.app.counters.flush();
    expect(await views(a)).toBe(5 + 13);
    expect(await views(b)).toBe(5 + 3);
    // Nothing left to add: a second flush changes nothing.
    await t.app.counters.flush();
    expect(await views(a)).toBe(5 + 13);
  });

  it('an unapproved or unknown item is not counted and answers 404', async () => {
    expect((await t.app.inject(`/api/items/detail/${hidden}`)).statusCode).toBe(404);
    await t.app.counters.flush();
    expect(await views(hidden)).toBe(5);
  });

  it('writes by itself after the interval, and downloads go through the same batch', async () => {
    t.app.counters.bump(b, 'downloads');
    t.app.counters.bump(b, 'downloads');
    await t.app.inject(`/api/items/detail/${b}`);
    await new Promise((r) => setTimeout(r, 2600));
    const row = (await t.db.query('SELECT views, downloads FROM materials WHERE id = $1', [b])).rows[0];
    expect(Number(row.views)).toBe(5 + 3 + 1);
    expect(Number(row.downloads)).toBe(2);
  });
});
