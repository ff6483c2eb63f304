import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewFixture } from './review-fixture.js';

describe('staff review decisions, appeals, takedown and relist', () => {
  let f: Awaited<ReturnType<typeof reviewFixture>>;
  beforeAll(async () => {
    f = await reviewFixture();
  });
  afterAll(() => f?.t.close());

  it('rejects with reasons; the creator sees them, fixes, resubmits, and staff approve', async () => {
    const id = await f.insertWork('雪山日落延时', 0, { type: 1 });
    expect((await f.decide(id, 'reject', { reasons: [] })).json().msg).toBe('请至少选择一项驳回原因');
    expect((await f.decide(id, 'reject', { reasons: ['made-up'] })).statusCode).toBe(400);
    expect(
      (await f.call('POST', `/api/admin/review/works/${id}/reject`, f.staff, { reasons: ['watermark'] })).json().msg,
    ).toBe('请指定审核对象（作品或修改）');
    const r = await f.decide(id, 'reject', { reasons: ['watermark', 'metadata'], comment: '请去掉右下角水印' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.work.status).toBe(3);

    const mine = await f.review(id);
    expect(mine.notice).toMatchObject({
      scope: 'work',
      action: 'reject',
      reasons: [
        { code: 'watermark', title: '含水印、标志或他人商标' },
        { code: 'metadata', title: '标题、描述或标签与内容不符' },
      ],
      comment: '请去掉右下角水印',
    });
    // The creator sees "审核员", staff see who decided.
    const rejectedBy = mine.events.find((e: any) => e.action === 'reject');
    expect(rejectedBy).toMatchObject({ actorRole: 'staff', actorName: null, from: 0, to: 3 });
    expect((await f.events(id)).find((e) => e.action === 'reject')?.actorName).toMatch(/^用户/);

    expect(
      (await f.call('PUT', `/api/user/works/${id}`, f.creator, { title: '雪山日落延时摄影', tags: ['雪山'] })).json()
        .data.status,
    ).toBe(3);
    const submitted = await f.call('POST', `/api/user/works/${id}/submit`);
    expect(submitted.json()).toMatchObject({ msg: '已提交审核', data: { status: 0, title: '雪山日落延时摄影' } });
    expect((await f.review(id)).notice).toBeNull();

    // The content staff looked at changed before they decided: their approval is refused.
    const seen = (await f.staffView(id)).work.digest;
    await f.call('PUT', `/api/user/works/${id}`, f.creator, { title: '雪山日落延时4K', tags: ['雪山'] });
    const stale = await f.call('POST', `/api/admin/review/works/${id}/approve`, f.staff, { digest: seen });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBe('作品内容已被创作者更新，请刷新后重新审核');
    expect((await f.decide(id, 'approve')).statusCode).toBe(200);
    expect(await f.searchIds('雪山日落')).toContain(id);
    expect((await f.events(id)).map((e) => [e.action, e.from, e.to])).toEqual([
      ['reject', 0, 3],
      ['edit', 3, 3],
      ['submit', 3, 0],
      ['edit', 0, 0],
      ['approve', 0, 1],
    ]);
  });

  it('requests more information with a comment; the creator answers and resubmits', async () => {
    const id = await f.insertWork('街头人像', 0);
    expect((await f.decide(id, 'request-info', {})).json().msg).toBe('请说明需要补充的信息');
    expect((await f.decide(id, 'request-info', { comment: '请上传模特肖像授权书' })).json().data.work.status).toBe(10);
    expect((await f.review(id)).notice).toMatchObject({
      action: 'request_info',
      comment: '请上传模特肖像授权书',
      reasons: [],
    });
    expect((await f.call('POST', `/api/user/works/${id}/submit`)).json().data.status).toBe(0);
  });

  it('appeals a rejection: back in the queue flagged 申诉 with the text, and staff decide again', async () => {
    const id = await f.insertWork('原创插画作品', 0);
    await f.decide(id, 'reject', { reasons: ['infringement'] });
    expect((await f.call('POST', `/api/user/works/${id}/appeal`, f.creator, { text: '冤' })).json().msg).toBe(
      '请用5至1000字说明申诉理由',
    );
    expect(
      (await f.call('POST', `/api/user/works/${id}/appeal`, f.other, { text: '这是我的原创作品' })).statusCode,
    ).toBe(404);
    const a = await f.call('POST', `/api/user/works/${id}/appeal`, f.creator, { text: '作品为本人原创，可提供源文件' });
    expect(a.json()).toMatchObject({ msg: '申诉已提交，审核员将重新审核', data: { status: 0, review_appeal: true } });
    expect(
      (await f.call('POST', `/api/user/works/${id}/appeal`, f.creator, { text: '作品为本人原创，再次申诉' }))
        .statusCode,
    ).toBe(409);

    const appeals = (await f.queue('?appeal=true')).list;
    expect(appeals.map((x: any) => [x.kind, x.material_id, x.appeal])).toEqual([['work', id, true]]);
    expect((await f.staffView(id)).work).toMatchObject({ appeal: true, appealText: '作品为本人原创，可提供源文件' });
    expect((await f.decide(id, 'approve')).statusCode).toBe(200);
    expect((await f.work(id)).review_appeal).toBe(false);

    // A rejected revision can be appealed too; it returns to the queue as a revision appeal.
    await f.call('PUT', `/api/user/works/${id}`, f.creator, { title: '原创插画作品·终版', tags: [] });
    const revisionId = (await f.review(id)).revision.id;
    await f.decide(id, 'reject', { revisionId, reasons: ['quality'] });
    expect((await f.review(id)).revision.status).toBe(3);
    expect(
      (await f.call('POST', `/api/user/works/${id}/appeal`, f.creator, { text: '画质为原始分辨率，请复核' })).json()
        .data.revision_status,
    ).toBe(0);
    expect((await f.queue('?appeal=true&kind=revision')).list.map((x: any) => x.revision_id)).toEqual([revisionId]);
    expect((await f.staffView(id, revisionId)).revision.appealText).toBe('画质为原始分辨率，请复核');
  });

  it('takes down and relists: straight back when unchanged, through review when edited while down', async () => {
    const id = await f.insertWork('麦田金秋风光', 1);
    expect((await f.call('POST', `/api/user/works/${id}/relist`)).json().msg).toBe('只有已下架的作品可以重新上架');
    expect((await f.call('POST', `/api/user/works/${id}/takedown`)).json().data.status).toBe(2);
    expect(await f.searchIds('麦田')).not.toContain(id);
    expect((await f.call('POST', `/api/user/works/${id}/relist`)).json()).toMatchObject({
      msg: '作品已重新上架',
      data: { status: 1 },
    });
    expect(await f.searchIds('麦田')).toContain(id);

    await f.call('POST', `/api/user/works/${id}/takedown`);
    expect(
      (await f.call('PUT', `/api/user/works/${id}`, f.creator, { title: '麦田金秋', tags: [] })).json().data.status,
    ).toBe(2);
    expect((await f.call('POST', `/api/user/works/${id}/relist`)).json()).toMatchObject({
      msg: '作品内容有修改，已提交审核',
      data: { status: 0 },
    });
    expect((await f.queue('?kind=work')).list.some((x: any) => x.material_id === id)).toBe(true);
    const timeline = await f.events(id);
    expect(timeline.map((e) => [e.action, e.from, e.to])).toEqual([
      ['takedown', 1, 2],
      ['relist', 2, 1],
      ['takedown', 1, 2],
      ['edit', 2, 2],
      ['relist', 2, 0],
    ]);
    expect(timeline[4].comment).toBe('下架期间作品内容有修改，需重新审核');
  });

  it('two staff approving at once: exactly one wins, one event is recorded', async () => {
    const id = await f.insertWork('并发审核作品', 0);
    const digest = (await f.staffView(id)).work.digest;
    const rs = await Promise.all(
      [f.staff, f.staff2].map((s) => f.call('POST', `/api/admin/review/works/${id}/approve`, s, { digest })),
    );
    expect(rs.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(rs.find((r) => r.statusCode === 409)!.json().msg).toBe('该作品已被其他审核员处理，请刷新审核队列');
    expect((await f.events(id)).filter((e) => e.action === 'approve')).toHaveLength(1);

    await f.call('PUT', `/api/user/works/${id}`, f.creator, { title: '并发审核作品二', tags: [] });
    const revisionId = (await f.review(id)).revision.id;
    const both = await Promise.all([
      f.call('POST', `/api/admin/review/works/${id}/approve`, f.staff, { revisionId }),
      f.call('POST', `/api/admin/review/works/${id}/reject`, f.staff2, {
        revisionId,
        reasons: ['other'],
        comment: '重复',
      }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await f.events(id)).filter((e) => e.revisionId === revisionId && e.actorRole === 'staff')).toHaveLength(1);
  });

  it('approves a new work only once the media pipeline made its preview: processing and failed are refused, reject is not held back', async () => {
    const id = await f.insertWork('等待预览的作品', 0);
    await f.t.db.query(
      `INSERT INTO material_media(material_id, state, original_key) VALUES ($1, 'processing', 'originals/x.mp4')`,
      [id],
    );
    expect((await f.staffView(id)).media).toMatchObject({ state: 'processing' });
    const early = await f.decide(id, 'approve');
    expect(early.statusCode).toBe(409);
    expect(early.json().msg).toBe('作品媒体仍在处理中（预览与查重尚未完成），处理完成后才能审核通过');
    expect((await f.staffView(id)).work.status).toBe(0);
    expect((await f.events(id)).filter((e) => e.action === 'approve')).toHaveLength(0);

    await f.t.db.query(`UPDATE material_media SET state = 'failed', error = '无法解析视频' WHERE material_id = $1`, [
      id,
    ]);
    expect((await f.decide(id, 'approve')).json().msg).toBe(
      '作品媒体处理失败，不能审核通过：请驳回或要求创作者重新处理',
    );

    await f.t.db.query(`UPDATE material_media SET state = 'ready', error = NULL WHERE material_id = $1`, [id]);
    const approved = await f.decide(id, 'approve');
    expect(approved.statusCode).toBe(200);
    // The answer is the stored state the console shows at once.
    expect(approved.json().data).toMatchObject({ work: { id, status: 1 }, media: { state: 'ready', progress: 100 } });

    const other = await f.insertWork('处理中也可驳回', 0);
    await f.t.db.query(
      `INSERT INTO material_media(material_id, state, original_key) VALUES ($1, 'processing', 'originals/y.mp4')`,
      [other],
    );
    expect((await f.decide(other, 'reject', { reasons: ['other'], comment: '与描述不符' })).statusCode).toBe(200);
  });

  it('queues pending works and revisions oldest first, filters by kind and type, shows duplicate hits', async () => {
    const video = await f.insertWork('队列视频', 0, { type: 1 });
    await f.t.db.query("UPDATE materials SET review_submitted_at = now() - interval '1 day' WHERE id = $1", [video]);
    const image = await f.insertWork('队列图片', 0, { type: 11 });
    await f.t.db.query(
      'INSERT INTO material_duplicates(material_id, other_material_id, distance, kind) VALUES ($1, $2, 12, $3)',
      [image, video, 'pdq'],
    );
    const all = (await f.queue()).list.map((x: any) => x.material_id);
    expect(all.indexOf(video)).toBeLessThan(all.indexOf(image));
    expect((await f.queue('?type=1')).list.every((x: any) => x.type === 1)).toBe(true);
    expect((await f.queue('?kind=revision')).list.every((x: any) => x.kind === 'revision')).toBe(true);
    const view = await f.staffView(image);
    expect(view.duplicates).toEqual([
      expect.objectContaining({ material_id: video, title: '队列视频', distance: 12, kind: 'pdq' }),
    ]);
    expect((await f.staffView(video)).duplicates.map((d: any) => d.material_id)).toEqual([image]);
  });

  it('staff edit the reason list like any schema; a new reason is accepted and stored with its wording', async () => {
    const current = (await f.call('GET', '/api/schemas/lumen%3Areview%2Freasons', f.staff)).json().data;
    const body = { ...current.body, oneOf: [...current.body.oneOf, { const: 'music', title: '背景音乐未获授权' }] };
    const saved = await f.call('PUT', '/api/schemas/lumen%3Areview%2Freasons', f.staff, {
      body,
      note: '新增音乐授权原因',
      baseVersion: current.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = await f.insertWork('带背景音乐的视频', 0, { type: 1 });
    expect((await f.decide(id, 'reject', { reasons: ['music'] })).statusCode).toBe(200);
    expect((await f.review(id)).notice.reasons).toEqual([{ code: 'music', title: '背景音乐未获授权' }]);
  });

  it('only staff may review: visitors 401, buyers and creators 403, nothing changes', async () => {
    const id = await f.insertWork('无权审核的作品', 0);
    const digest = (await f.staffView(id)).work.digest;
    expect((await f.call('GET', '/api/admin/review/queue', null)).statusCode).toBe(401);
    for (const who of [f.buyer, f.creator]) {
      expect((await f.call('GET', '/api/admin/review/queue', who)).statusCode).toBe(403);
      expect((await f.call('GET', `/api/admin/review/works/${id}`, who)).statusCode).toBe(403);
      expect((await f.call('POST', `/api/admin/review/works/${id}/approve`, who, { digest })).statusCode).toBe(403);
    }
    expect((await f.staffView(id)).work.status).toBe(0);
    expect(await f.events(id)).toEqual([]);
  });
});
