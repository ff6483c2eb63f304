import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { call } from '../../helpers/trade.js';
import type { Db } from '../../../server/src/db/index.js';

describe('CMS: seeded texts, staff edits with versions, event registration, enquiries', () => {
  let app: FastifyInstance;
  let db: Db;
  let close: () => Promise<void>;
  let staff: Awaited<ReturnType<typeof makeUser>>;
  let buyer: Awaited<ReturnType<typeof makeUser>>;
  beforeAll(async () => {
    ({ app, db, close } = await makeTestApp());
    staff = await makeUser(db, { roles: ['buyer', 'staff'] });
    buyer = await makeUser(db);
  });
  afterAll(() => close());

  it('the agreements the login dialog links to exist with real texts; 49 takes effect on 2023-03-21', async () => {
    const a8 = await call(app, 'GET', '/api/content/8');
    expect(a8.status).toBe(200);
    expect(a8.body.data).toMatchObject({ id: 8, kind: 'article', title: '流明素材服务协议' });
    expect(a8.body.data.bodyHtml).toContain('素材授权');
    const a13 = (await call(app, 'GET', '/api/content/13')).body.data;
    // The privacy terms name what the product really stores.
    for (const word of ['手机号', 'scrypt', 'token1', 'pvi', '页面访问统计', 'SHA-256'])
      expect(a13.bodyHtml).toContain(word);
    const n49 = (await call(app, 'GET', '/api/content/49')).body.data;
    expect(n49).toMatchObject({ kind: 'notice', effectiveOn: '2023-03-21' });
    const help = (await call(app, 'GET', '/api/content/help')).body.data;
    expect(help.list.map((e: { id: number }) => e.id)).toEqual(expect.arrayContaining([8, 13, 49, 101]));
    expect(help.notices.map((e: { id: number }) => e.id)).toContain(201);
  });

  it('an unknown or unpublished entry is a Chinese 404; a bad id a 400', async () => {
    const r = await call(app, 'GET', '/api/content/999999');
    expect(r.status).toBe(404);
    expect(r.body.msg).toBe('内容不存在或已下线');
    expect((await call(app, 'GET', '/api/content/abc')).status).toBe(400);
  });

  it('only staff edit; a save is a new version; a stale edit is refused with 409; restore makes a new version', async () => {
    const form = {
      kind: 'notice',
      title: '平台维护通知',
      summary: '周六凌晨维护',
      bodyHtml: '<p>周六 02:00–04:00 维护。</p>',
      published: true,
      sort: 0,
    };
    expect((await call(app, 'POST', '/api/admin/content', undefined, form)).status).toBe(401);
    expect((await call(app, 'POST', '/api/admin/content', buyer.auth, form)).status).toBe(403);
    const created = await call(app, 'POST', '/api/admin/content', staff.auth, form);
    expect(created.status).toBe(200);
    const id = created.body.data.id as number;
    expect(id).toBeGreaterThan(1000);

    const v2 = await call(app, 'PUT', `/api/admin/content/${id}`, staff.auth, {
      ...form,
      bodyHtml: '<p>改为周日维护。</p>',
      baseVersion: 1,
    });
    expect(v2.body.data.version).toBe(2);
    // A second editor still on version 1 does not overwrite version 2.
    const stale = await call(app, 'PUT', `/api/admin/content/${id}`, staff.auth, {
      ...form,
      title: '旧稿',
      baseVersion: 1,
    });
    expect(stale.status).toBe(409);
    expect((await call(app, 'GET', `/api/content/${id}`)).body.data.bodyHtml).toBe('<p>改为周日维护。</p>');

    const restored = await call(app, 'POST', `/api/admin/content/${id}/restore`, staff.auth, {
      version: 1,
      baseVersion: 2,
    });
    expect(restored.body.data.version).toBe(3);
    const detail = (await call(app, 'GET', `/api/admin/content/${id}`, staff.auth)).body.data;
    expect(detail.bodyHtml).toBe('<p>周六 02:00–04:00 维护。</p>');
    expect(detail.versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);

    // Unpublishing hides it from the public at once.
    await call(app, 'PUT', `/api/admin/content/${id}`, staff.auth, { ...form, published: false, baseVersion: 3 });
    expect((await call(app, 'GET', `/api/content/${id}`)).status).toBe(404);
  });

  it('staff input is validated by the form schema with Chinese field errors', async () => {
    const r = await call(app, 'POST', '/api/admin/content', staff.auth, { kind: 'article', title: 'x', bodyHtml: '' });
    expect(r.status).toBe(400);
    expect(r.body.data.fieldErrors['/title']).toBe('标题为2到80个字');
    const slug = await call(app, 'POST', '/api/admin/content', staff.auth, {
      kind: 'event',
      title: '另一个论坛',
      bodyHtml: '<p>x</p>',
      slug: 'forum2023',
    });
    expect(slug.status).toBe(409);
    expect(slug.body.data.fieldErrors['/slug']).toBeTruthy();
    expect(
      (
        await call(app, 'PUT', '/api/admin/content/8', staff.auth, {
          kind: 'article',
          title: '服务协议',
          bodyHtml: '<p>x</p>',
        })
      ).status,
    ).toBe(400);
  });

  it('event pages come from CMS entries by fixed path; registration is stored once per phone and only while open', async () => {
    const forum = await call(app, 'GET', '/api/content/slug/forum2023');
    expect(forum.body.data).toMatchObject({
      id: 302,
      kind: 'event',
      registration: { open: false, reason: '活动已结束，报名已关闭' },
    });
    expect(forum.body.data.event.agenda.length).toBeGreaterThan(2);
    // An event staff open now, ending in 30 days (seeded events keep their real, past dates).
    const event = (day: number, registrationOpen: boolean) => ({
      kind: 'event',
      title: '创作者沙龙',
      bodyHtml: '<p>线下沙龙</p>',
      event: {
        startsAt: new Date(Date.now() + day * 86_400_000 - 3_600_000).toISOString(),
        endsAt: new Date(Date.now() + day * 86_400_000).toISOString(),
        place: '杭州',
        registrationOpen,
        agenda: [{ time: '14:00', title: '交流' }],
        speakers: [],
      },
    });
    const eid = (await call(app, 'POST', '/api/admin/content', staff.auth, event(30, true))).body.data.id as number;
    expect((await call(app, 'GET', `/api/content/${eid}`)).body.data.registration).toEqual({
      open: true,
      reason: null,
    });
    const ended = (await call(app, 'POST', '/api/admin/content', staff.auth, event(-1, true))).body.data.id as number;
    const reg = { name: '张三', phone: '13912345678', company: '某某传媒' };
    const first = await call(app, 'POST', `/api/content/${eid}/registrations`, buyer.auth, reg);
    expect(first.status).toBe(200);
    // The same phone at the same time, twice in parallel: one registration only.
    const [a, b] = await Promise.all([
      call(app, 'POST', `/api/content/${eid}/registrations`, undefined, { ...reg, phone: '13700000000' }),
      call(app, 'POST', `/api/content/${eid}/registrations`, undefined, { ...reg, phone: '13700000000' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const dup = await call(app, 'POST', `/api/content/${eid}/registrations`, undefined, reg);
    expect(dup).toMatchObject({ status: 409, body: { msg: '该手机号已报名本活动' } });
    const bad = await call(app, 'POST', `/api/content/${eid}/registrations`, undefined, { name: '李四', phone: '123' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fieldErrors['/phone']).toBe('请输入正确的11位手机号');
    // An event staff have not opened, and one past its end even when left open, refuse.
    const shut = (await call(app, 'POST', '/api/admin/content', staff.auth, event(30, false))).body.data.id as number;
    expect(await call(app, 'POST', `/api/content/${shut}/registrations`, undefined, reg)).toMatchObject({
      status: 400,
      body: { msg: '该活动未开放报名' },
    });
    expect(await call(app, 'POST', `/api/content/${ended}/registrations`, undefined, reg)).toMatchObject({
      status: 400,
      body: { msg: '活动已结束，报名已关闭' },
    });
    // An article takes no registrations.
    expect((await call(app, 'POST', '/api/content/8/registrations', undefined, reg)).status).toBe(404);

    const list = (await call(app, 'GET', `/api/admin/content/${eid}/registrations`, staff.auth)).body.data;
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ name: '张三', phone: '13912345678', userId: buyer.id });
    expect((await call(app, 'GET', `/api/admin/content/${eid}/registrations`, buyer.auth)).status).toBe(403);
  });

  it('a /cooperation enquiry is stored for staff, who mark it handled once', async () => {
    const form = {
      topic: 'purchase',
      company: '杭州某某科技',
      name: '王五',
      phone: '13600000001',
      need: '每年采购约 500 条企业宣传视频素材',
      source: 'LUMEN_IMG_PURCHASE',
    };
    expect((await call(app, 'POST', '/api/content/cooperation', undefined, { ...form, source: 'HACK' })).status).toBe(
      400,
    );
    const r = await call(app, 'POST', '/api/content/cooperation', undefined, form);
    expect(r.status).toBe(200);
    const open = (await call(app, 'GET', '/api/admin/content/enquiries', staff.auth)).body.data;
    expect(open.list).toEqual([
      expect.objectContaining({ id: r.body.data.id, company: '杭州某某科技', source: 'LUMEN_IMG_PURCHASE' }),
    ]);
    expect(
      (
        await call(app, 'POST', `/api/admin/content/enquiries/${r.body.data.id}/handled`, staff.auth, {
          note: '已电话联系',
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(app, 'POST', `/api/admin/content/enquiries/${r.body.data.id}/handled`, staff.auth, {})).status,
    ).toBe(409);
    expect(
      (await call(app, 'GET', '/api/admin/content/enquiries?handled=true', staff.auth)).body.data.list[0],
    ).toMatchObject({ staffNote: '已电话联系' });
    expect((await call(app, 'GET', '/api/admin/content/enquiries', buyer.auth)).status).toBe(403);
  });
});
