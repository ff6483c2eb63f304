import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../helpers/app.js';
import { call, makeMaterial } from '../helpers/trade.js';

describe('collect albums', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let me: Awaited<ReturnType<typeof makeUser>>;
  let other: Awaited<ReturnType<typeof makeUser>>;
  let mat: number;
  beforeAll(async () => {
    t = await makeTestApp();
    me = await makeUser(t.db);
    other = await makeUser(t.db);
    mat = await makeMaterial(t.app, t.db, { title: '雪山日出航拍' });
  });
  afterAll(() => t.close());

  it('creates, renames, adds and removes items, lists and deletes', async () => {
    const a = (await call(t.app, 'POST', '/api/collect', me.auth, { name: '旅行素材' })).body.data;
    expect(a).toMatchObject({ name: '旅行素材', itemCount: 0, shared: false });
    expect((await call(t.app, 'PUT', `/api/collect/${a.id}`, me.auth, { name: '风景素材' })).body.data.name).toBe(
      '风景素材',
    );
    expect(
      (await call(t.app, 'POST', `/api/collect/${a.id}/items`, me.auth, { materialId: mat })).body.data.added,
    ).toBe(true);
    expect(
      (await call(t.app, 'POST', `/api/collect/${a.id}/items`, me.auth, { materialId: mat })).body.data.added,
    ).toBe(false);
    expect((await call(t.app, 'GET', `/api/collect/material/${mat}`, me.auth)).body.data.albumIds).toEqual([a.id]);
    const detail = (await call(t.app, 'GET', `/api/collect/${a.id}`, me.auth)).body.data;
    expect(detail.items.map((i: any) => i.title)).toEqual(['雪山日出航拍']);
    const list = (await call(t.app, 'GET', '/api/collect/list', me.auth)).body.data;
    expect(list).toMatchObject({ total: 1, list: [{ id: a.id, itemCount: 1 }] });
    expect((await t.db.query('SELECT collects FROM materials WHERE id = $1', [mat])).rows[0].collects).toBe(1);
    expect((await call(t.app, 'DELETE', `/api/collect/${a.id}/items/${mat}`, me.auth)).status).toBe(200);
    expect((await call(t.app, 'GET', `/api/collect/${a.id}`, me.auth)).body.data.items).toEqual([]);
    expect((await call(t.app, 'DELETE', `/api/collect/${a.id}`, me.auth)).status).toBe(200);
    expect((await call(t.app, 'GET', `/api/collect/${a.id}`, me.auth)).status).toBe(404);
  });

  it('validates names and material ids in Chinese', async () => {
    const r = await call(t.app, 'POST', '/api/collect', me.auth, { name: '' });
    expect(r.status).toBe(400);
    expect(r.body.success).toBe(false);
    expect(r.body.msg).toBe('请填写收藏夹名称');
    expect((await call(t.app, 'POST', '/api/collect', me.auth, { name: '长'.repeat(31) })).body.msg).toBe(
      '收藏夹名称长度不能超过30个字符',
    );
    const a = (await call(t.app, 'POST', '/api/collect', me.auth, { name: '校验' })).body.data;
    expect((await call(t.app, 'POST', `/api/collect/${a.id}/items`, me.auth, { materialId: 0 })).body.msg).toBe(
      '素材编号不能小于1',
    );
    expect((await call(t.app, 'POST', `/api/collect/${a.id}/items`, me.auth, {})).body.msg).toBe('请填写素材编号');
  });

  it('keeps unapproved materials out of albums and out of the public view; the owner sees them flagged', async () => {
    const a = (await call(t.app, 'POST', '/api/collect', me.auth, { name: '含下架素材', shared: true })).body.data;
    const pending = await makeMaterial(t.app, t.db, { title: '审核中的素材' });
    await t.db.query('UPDATE materials SET status = 0 WHERE id = $1', [pending]);
    const refused = await call(t.app, 'POST', `/api/collect/${a.id}/items`, me.auth, { materialId: pending });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('该素材已下架，无法收藏');

    const later = await makeMaterial(t.app, t.db, { title: '后来下架的素材' });
    await call(t.app, 'POST', `/api/collect/${a.id}/items`, me.auth, { materialId: mat });
    await call(t.app, 'POST', `/api/collect/${a.id}/items`, me.auth, { materialId: later });
    await t.db.query('UPDATE materials SET status = 3 WHERE id = $1', [later]);
    const shared = (await call(t.app, 'GET', `/api/collect/share/${a.id}`)).body.data;
    expect(shared.items.map((i: any) => i.id)).toEqual([mat]);
    const own = (await call(t.app, 'GET', `/api/collect/${a.id}`, me.auth)).body.data;
    expect(own.items.map((i: any) => [i.id, i.available])).toEqual([
      [later, false],
      [mat, true],
    ]);
  });

  it('keeps other users out of my albums (404 everywhere)', async () => {
    const a = (await call(t.app, 'POST', '/api/collect', me.auth, { name: '私人收藏' })).body.data;
    expect((await call(t.app, 'GET', `/api/collect/${a.id}`, other.auth)).status).toBe(404);
    expect((await call(t.app, 'PUT', `/api/collect/${a.id}`, other.auth, { name: 'x' })).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/collect/${a.id}`, other.auth)).status).toBe(404);
    expect((await call(t.app, 'POST', `/api/collect/${a.id}/items`, other.auth, { materialId: mat })).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/collect/list', other.auth)).body.data.total).toBe(0);
    expect((await call(t.app, 'GET', `/api/collect/${a.id}`, me.auth)).body.data.name).toBe('私人收藏');
  });

  it('shows an album publicly only when shared', async () => {
    const a = (await call(t.app, 'POST', '/api/collect', me.auth, { name: '分享收藏' })).body.data;
    await call(t.app, 'POST', `/api/collect/${a.id}/items`, me.auth, { materialId: mat });
    const hidden = await call(t.app, 'GET', `/api/collect/share/${a.id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.msg).toContain('未公开分享');
    await call(t.app, 'PUT', `/api/collect/${a.id}`, me.auth, { shared: true });
    const shown = (await call(t.app, 'GET', `/api/collect/share/${a.id}`)).body.data;
    expect(shown).toMatchObject({ name: '分享收藏', items: [{ id: mat }] });
  });
});
