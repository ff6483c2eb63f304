import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { makeMaterial } from '../../helpers/trade.js';
import { createKey, sdkFor } from '../../helpers/sdk.js';

/** Monitoring hits through the public API: listed and triaged with a key, as in the site's own list. */
describe('public API: monitoring hits and triage', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let owner: Awaited<ReturnType<typeof makeUser>>;
  let other: Awaited<ReturnType<typeof makeUser>>;
  let hitId: number;
  beforeAll(async () => {
    t = await makeTestApp();
    owner = await makeUser(t.db, { roles: ['buyer', 'creator'] });
    other = await makeUser(t.db);
    const work = await makeMaterial(t.app, t.db, { title: '监测作品' });
    // A hit as the crawl records it (the crawl itself is tested in tests/api/monitor).
    hitId = Number(
      (
        await t.db.query(
          `INSERT INTO monitor_hits(work_id, owner_id, media_kind, page_url, media_url, media_hash, similarity, distance)
           VALUES ($1, $2, 'image', 'http://copy.example/p', 'http://copy.example/a.jpg', $3, 0.97, 4) RETURNING id`,
          [work, owner.id, 'f'.repeat(64)],
        )
      ).rows[0].id,
    );
  });
  afterAll(() => t.close());

  it('lists my hits and triages one; triage needs its own scope', async () => {
    const read = await createKey(t.app, owner.auth, { scopes: ['monitor:read'] });
    const list = await sdkFor(t.app, read.secret).GET('/api/v1/monitor/hits', { params: { query: { pageSize: 10 } } });
    expect(list.data?.data.list.map((h) => h.id)).toEqual([hitId]);
    const refused = await sdkFor(t.app, read.secret).POST('/api/v1/monitor/hits/{id}/triage', {
      params: { path: { id: hitId } },
      body: { action: 'ignore' },
    });
    expect(refused.error).toMatchObject({ data: { error: 'scope_missing' } });

    const triage = await createKey(t.app, owner.auth, { scopes: ['monitor:read', 'monitor:triage'] });
    const done = await sdkFor(t.app, triage.secret).POST('/api/v1/monitor/hits/{id}/triage', {
      params: { path: { id: hitId } },
      body: { action: 'ignore' },
    });
    expect(done.response.status).toBe(200);
    const after = await sdkFor(t.app, triage.secret).GET('/api/v1/monitor/hits');
    expect(after.data?.data.list[0].status).toBe('ignored');
  });

  it("another account's key sees none of my hits and cannot triage them", async () => {
    const { secret } = await createKey(t.app, other.auth, { scopes: ['monitor:read', 'monitor:triage'] });
    expect((await sdkFor(t.app, secret).GET('/api/v1/monitor/hits')).data?.data.total).toBe(0);
    const r = await sdkFor(t.app, secret).POST('/api/v1/monitor/hits/{id}/triage', {
      params: { path: { id: hitId } },
      body: { action: 'approve' },
    });
    expect(r.response.status).toBe(404);
  });
});
