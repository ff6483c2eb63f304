import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewFixture } from './review-fixture.js';

describe('work revisions: an approved work stays on sale while its edit is reviewed', () => {
  let f: Awaited<ReturnType<typeof reviewFixture>>;
  beforeAll(async () => {
    f = await reviewFixture();
  });
  afterAll(() => f?.t.close());

  it('keeps the approved version on sale and in search until staff approve the revision, then the new title is searchable', async () => {
    const id = await f.insertWork('青山晨雾远眺', 1, { tags: ['山川'] });
    const edit = await f.call('PUT', `/api/user/works/${id}`, f.creator, {
      title: '碧海蓝天航拍',
      description: '海岸线',
      tags: ['海洋'],
      price: 120,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().msg).toBe('修改已提交审核，审核通过前原版本继续在售');
    expect(edit.json().data).toMatchObject({
      id,
      title: '青山晨雾远眺',
      status: 1,
      revision_status: 0,
      price_cents: 9900,
    });

    // Still on sale under its approved title; the proposed title finds nothing yet.
    expect(await f.searchIds('青山')).toContain(id);
    expect(await f.searchIds('碧海')).not.toContain(id);
    expect(
      (await f.call('POST', '/api/trade/cart', f.buyer, { materialId: id, scenario: 'personal_study' })).statusCode,
    ).toBe(200);

    const mine = await f.review(id);
    expect(mine.revision).toMatchObject({ status: 0, fields: { title: '碧海蓝天航拍', price: 120 } });
    expect(mine.revision.diff).toEqual([
      { field: 'title', before: '青山晨雾远眺', after: '碧海蓝天航拍' },
      { field: 'description', before: '', after: '海岸线' },
      { field: 'tags', before: ['山川'], after: ['海洋'] },
      { field: 'price', before: 99, after: 120 },
    ]);

    const item = (await f.queue('?kind=revision')).list.find((x: any) => x.material_id === id);
    expect(item).toMatchObject({ kind: 'revision', title: '碧海蓝天航拍', appeal: false });
    const approved = await f.decide(id, 'approve', { revisionId: item.revision_id });
    expect(approved.statusCode, approved.body).toBe(200);

    expect(await f.searchIds('碧海')).toContain(id);
    expect(await f.searchIds('青山')).not.toContain(id);
    expect(await f.work(id)).toMatchObject({
      title: '碧海蓝天航拍',
      description: '海岸线',
      tags: ['海洋'],
      price_cents: 12000,
      status: 1,
      revision_status: null,
    });
    expect((await f.events(id)).map((e) => [e.action, e.from, e.to])).toEqual([
      ['revise', null, 0],
      ['revision_approve', 0, 1],
    ]);
    // Approved content counts as reviewed: taken down and relisted, it goes straight back on sale.
    expect((await f.call('POST', `/api/user/works/${id}/takedown`)).json().data.status).toBe(2);
    expect((await f.call('POST', `/api/user/works/${id}/relist`)).json().data.status).toBe(1);
  });

  it('refuses an edit that changes nothing, against the live version and against a pending revision', async () => {
    const id = await f.insertWork('湖光山色倒影', 1, { tags: ['湖泊'] });
    const same = { title: '湖光山色倒影', description: '', tags: ['湖泊'], price: 99 };
    const noop = await f.call('PUT', `/api/user/works/${id}`, f.creator, same);
    expect(noop.statusCode).toBe(400);
    expect(noop.json().msg).toBe('内容未修改');
    expect((await f.call('PUT', `/api/user/works/${id}`, f.creator, { ...same, price: undefined })).json().msg).toBe(
      '内容未修改',
    );

    const proposed = { ...same, title: '湖光山色·秋' };
    expect((await f.call('PUT', `/api/user/works/${id}`, f.creator, proposed)).statusCode).toBe(200);
    expect((await f.call('PUT', `/api/user/works/${id}`, f.creator, proposed)).json().msg).toBe('内容未修改');
    // A different edit supersedes the pending revision: staff can no longer approve the old one.
    const first = (await f.review(id)).revision.id;
    expect(
      (await f.call('PUT', `/api/user/works/${id}`, f.creator, { ...same, title: '湖光山色·冬' })).statusCode,
    ).toBe(200);
    expect((await f.review(id)).revision).toMatchObject({ status: 0, fields: { title: '湖光山色·冬' } });
    const stale = await f.decide(id, 'approve', { revisionId: first });
    expect(stale.statusCode).toBe(409);
    expect((await f.work(id)).title).toBe('湖光山色倒影');

    // A draft saves without review and stays a draft; the same content again is refused too.
    const draft = await f.insertWork('未提交的草稿', 9);
    const saved = await f.call('PUT', `/api/user/works/${draft}`, f.creator, { title: '草稿改好了', tags: [] });
    expect(saved.json()).toMatchObject({ msg: '保存成功', data: { title: '草稿改好了', status: 9 } });
    expect(
      (await f.call('PUT', `/api/user/works/${draft}`, f.creator, { title: '草稿改好了', tags: [] })).json().msg,
    ).toBe('内容未修改');
    expect((await f.call('PUT', `/api/user/works/${draft}`, f.other, { title: '抢别人的草稿' })).statusCode).toBe(404);
  });

  it('withdraws a pending revision, and an edit back to the live content withdraws it too', async () => {
    const id = await f.insertWork('城市天际线', 1);
    expect((await f.call('POST', `/api/user/works/${id}/withdraw-revision`)).statusCode).toBe(409);
    await f.call('PUT', `/api/user/works/${id}`, f.creator, { title: '城市天际线夜景', tags: [] });
    const w = await f.call('POST', `/api/user/works/${id}/withdraw-revision`);
    expect(w.json()).toMatchObject({ msg: '修改已撤回', data: { revision_status: null, title: '城市天际线' } });
    await f.call('PUT', `/api/user/works/${id}`, f.creator, { title: '城市天际线黄昏', tags: [] });
    const back = await f.call('PUT', `/api/user/works/${id}`, f.creator, { title: '城市天际线', tags: [] });
    expect(back.json().data).toMatchObject({ revision_status: null, status: 1 });
    expect((await f.queue('?kind=revision')).list.some((x: any) => x.material_id === id)).toBe(false);
    expect((await f.events(id)).map((e) => e.action)).toEqual([
      'revise',
      'revision_withdraw',
      'revise',
      'revision_withdraw',
    ]);
  });

  it('asks for information on a revision: the creator sees the comment and resubmits it', async () => {
    const id = await f.insertWork('古镇小巷', 1);
    await f.call('PUT', `/api/user/works/${id}`, f.creator, { title: '古镇小巷人家', tags: ['古镇'] });
    const revisionId = (await f.review(id)).revision.id;
    const info = await f.decide(id, 'request-info', { revisionId, comment: '请说明画面中人物的肖像授权情况' });
    expect(info.statusCode, info.body).toBe(200);
    const mine = await f.review(id);
    expect(mine.revision.status).toBe(10);
    expect(mine.notice).toMatchObject({
      scope: 'revision',
      action: 'revision_request_info',
      comment: '请说明画面中人物的肖像授权情况',
    });
    expect((await f.work(id)).status).toBe(1);
    expect((await f.call('POST', `/api/user/works/${id}/submit`)).json().data.revision_status).toBe(0);
    expect((await f.queue('?kind=revision')).list.some((x: any) => x.revision_id === revisionId)).toBe(true);
  });
});
