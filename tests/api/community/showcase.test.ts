import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { call, makeMaterial } from '../../helpers/trade.js';
import { formWithFiles, metaOf } from '../../helpers/multipart.js';
import type { Db } from '../../../server/src/db/index.js';

type U = Awaited<ReturnType<typeof makeUser>>;

describe('/community/api showcase: posts, likes, follows, feeds and moderation', () => {
  let app: FastifyInstance;
  let db: Db;
  let close: () => Promise<void>;
  let creator: U;
  let fan: U;
  let other: U;
  let staff: U;
  let workId: number;
  const own = async (u: U, title: string) => {
    const id = await makeMaterial(app, db, { title, type: 11 });
    await db.query('UPDATE materials SET owner_id = $2 WHERE id = $1', [id, u.id]);
    return id;
  };

  beforeAll(async () => {
    ({ app, db, close } = await makeTestApp());
    creator = await makeUser(db, { phone: '13822220001', roles: ['buyer', 'creator'] });
    fan = await makeUser(db, { phone: '13822220002' });
    other = await makeUser(db, { phone: '13822220003', roles: ['buyer', 'creator'] });
    staff = await makeUser(db, { phone: '13822220004', roles: ['buyer', 'staff'] });
    workId = await own(creator, '雪山日出');
  });
  afterAll(() => close());

  it('a post shows only the author’s own works; uploaded images are checked by content and stored', async () => {
    const theirs = await own(other, '别人的作品');
    const bad = await call(app, 'POST', '/community/api/posts', creator.auth, {
      title: '我的作品集',
      materialIds: [workId, theirs],
    });
    expect(bad).toMatchObject({ status: 400, body: { msg: '只能选择您本人作品库中的作品' } });
    expect(
      (await call(app, 'POST', '/community/api/posts', creator.auth, { title: '空帖', materialIds: [] })).status,
    ).toBe(400);
    expect(
      (await call(app, 'POST', '/community/api/posts', undefined, { title: '未登录', materialIds: [workId] })).status,
    ).toBe(401);
    const r = await call(app, 'POST', '/community/api/posts', creator.auth, {
      title: '雪山系列',
      body: '在海拔四千米拍摄',
      materialIds: [workId],
    });
    expect(r.status).toBe(200);
    const post = (await call(app, 'GET', `/community/api/posts/${r.body.data.id}`)).body.data;
    expect(post).toMatchObject({
      title: '雪山系列',
      authorId: creator.id,
      works: [{ id: workId, title: '雪山日出' }],
      likeCount: 0,
    });

    const png = {
      filename: '草图.png',
      contentType: 'image/png',
      data: await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6' } })
        .png()
        .toBuffer(),
    };
    const up = formWithFiles({ title: '手绘草图', images: [metaOf(png)] }, [png], 'images');
    const res = await app.inject({
      method: 'POST',
      url: '/community/api/posts/upload',
      headers: { ...up.headers, ...creator.auth },
      payload: up.payload,
    });
    expect(res.statusCode).toBe(200);
    const withImage = (await call(app, 'GET', `/community/api/posts/${res.json().data.id}`)).body.data;
    expect(withImage.images).toHaveLength(1);
    const file = await app.inject(withImage.images[0]);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(png.data)).toBe(true);

    const fake = { filename: 'x.png', contentType: 'image/png', data: Buffer.from('not an image at all') };
    const upFake = formWithFiles({ title: '假图片', images: [metaOf(fake)] }, [fake], 'images');
    const refused = await app.inject({
      method: 'POST',
      url: '/community/api/posts/upload',
      headers: { ...upFake.headers, ...creator.auth },
      payload: upFake.payload,
    });
    expect(refused.statusCode).toBe(400);
  });

  it('likes and collections count once under parallel clicks; following feeds the following tab', async () => {
    const postId = (await call(app, 'GET', '/community/api/feed?sort=newest')).body.data.list.find(
      (p: any) => p.title === '雪山系列',
    ).id;
    const likes = await Promise.all(
      Array.from({ length: 6 }, () => call(app, 'POST', `/community/api/posts/${postId}/like`, fan.auth, { on: true })),
    );
    expect(likes.every((l) => l.status === 200)).toBe(true);
    await call(app, 'POST', `/community/api/posts/${postId}/like`, other.auth, { on: true });
    await call(app, 'POST', `/community/api/posts/${postId}/collect`, fan.auth, { on: true });
    let post = (await call(app, 'GET', `/community/api/posts/${postId}`, fan.auth)).body.data;
    expect(post).toMatchObject({ likeCount: 2, collectCount: 1, liked: true, collected: true });
    await call(app, 'POST', `/community/api/posts/${postId}/like`, other.auth, { on: false });
    await call(app, 'POST', `/community/api/posts/${postId}/like`, other.auth, { on: false });
    post = (await call(app, 'GET', `/community/api/posts/${postId}`)).body.data;
    expect(post.likeCount).toBe(1);
    expect((await call(app, 'GET', '/community/api/my-collections', fan.auth)).body.data.map((p: any) => p.id)).toEqual(
      [postId],
    );

    expect((await call(app, 'GET', '/community/api/feed?sort=following', fan.auth)).body.data.total).toBe(0);
    expect((await call(app, 'GET', '/community/api/feed?sort=following')).status).toBe(401);
    expect((await call(app, 'POST', `/community/api/creators/${fan.id}/follow`, fan.auth, { on: true })).status).toBe(
      400,
    );
    expect(
      (await call(app, 'POST', `/community/api/creators/${creator.id}/follow`, fan.auth, { on: true })).status,
    ).toBe(200);
    const following = (await call(app, 'GET', '/community/api/feed?sort=following', fan.auth)).body.data;
    expect(following.list.every((p: any) => p.authorId === creator.id)).toBe(true);
    expect(following.total).toBe(2);
    const profile = (await call(app, 'GET', `/community/api/creators/${creator.id}`, fan.auth)).body.data;
    expect(profile).toMatchObject({ followers: 1, posts: 2, likes: 1, followedByMe: true });
    // Popular puts the liked post first although it is older.
    expect((await call(app, 'GET', '/community/api/feed?sort=popular')).body.data.list[0].id).toBe(postId);
  });

  it('reports reach staff once per reporter; hiding is staff-only, audit-logged, and removes the post from every feed', async () => {
    const postId = (await call(app, 'GET', '/community/api/feed?sort=newest')).body.data.list.find(
      (p: any) => p.title === '雪山系列',
    ).id;
    const c = await call(app, 'POST', `/community/api/posts/${postId}/comments`, fan.auth, { body: '太美了' });
    expect(c.status).toBe(200);
    expect((await call(app, 'POST', `/community/api/posts/${postId}/comments`, fan.auth, { body: '   ' })).status).toBe(
      400,
    );
    expect(
      (
        await call(app, 'POST', `/community/api/posts/${postId}/report`, other.auth, {
          reason: 'infringement',
          detail: '这是我的照片',
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(app, 'POST', `/community/api/posts/${postId}/report`, other.auth, { reason: 'infringement' })).status,
    ).toBe(409);
    expect(
      (await call(app, 'POST', `/community/api/posts/${postId}/report`, fan.auth, { reason: 'nonsense' })).status,
    ).toBe(400);
    await call(app, 'POST', `/community/api/comments/${c.body.data.id}/report`, creator.auth, { reason: 'advert' });

    expect((await call(app, 'GET', '/community/api/admin/reports', fan.auth)).status).toBe(403);
    const queue = (await call(app, 'GET', '/community/api/admin/reports', staff.auth)).body.data.reports;
    expect(queue).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ targetType: 'post', targetId: postId, reports: 1, excerpt: '雪山系列' }),
        expect.objectContaining({ targetType: 'comment', targetId: c.body.data.id, excerpt: '太美了' }),
      ]),
    );

    expect(
      (await call(app, 'POST', `/community/api/admin/post/${postId}/hide`, creator.auth, { reason: '侵权' })).status,
    ).toBe(403);
    expect((await call(app, 'POST', `/community/api/admin/post/${postId}/hide`, staff.auth, {})).status).toBe(400);
    expect(
      (
        await call(app, 'POST', `/community/api/admin/post/${postId}/hide`, staff.auth, {
          reason: '经核实侵犯他人著作权',
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(app, 'POST', `/community/api/admin/post/${postId}/hide`, staff.auth, { reason: '再次隐藏' })).status,
    ).toBe(409);
    expect((await call(app, 'POST', `/community/api/admin/comment/${c.body.data.id}/dismiss`, staff.auth)).status).toBe(
      200,
    );

    expect((await call(app, 'GET', `/community/api/posts/${postId}`, fan.auth)).status).toBe(404);
    expect((await call(app, 'GET', `/community/api/posts/${postId}`, creator.auth)).body.data).toMatchObject({
      status: 'hidden',
      hiddenReason: '经核实侵犯他人著作权',
    });
    expect(
      (await call(app, 'GET', '/community/api/feed?sort=newest')).body.data.list.map((p: any) => p.id),
    ).not.toContain(postId);
    expect((await call(app, 'POST', `/community/api/posts/${postId}/like`, fan.auth, { on: true })).status).toBe(404);
    expect((await call(app, 'GET', '/community/api/admin/reports', staff.auth)).body.data.reports).toEqual([]);

    const audit = await db.query(
      `SELECT action, target_type, target_id, actor_id FROM audit_log WHERE action LIKE 'community.%' ORDER BY id`,
    );
    expect(audit.rows).toEqual([
      { action: 'community.hide', target_type: 'community_post', target_id: String(postId), actor_id: staff.id },
      {
        action: 'community.dismiss',
        target_type: 'community_comment',
        target_id: String(c.body.data.id),
        actor_id: staff.id,
      },
    ]);
    const note = await db.query(`SELECT title, body FROM notifications WHERE user_id = $1 AND kind = 'community'`, [
      creator.id,
    ]);
    expect(note.rows[0].body).toContain('经核实侵犯他人著作权');

    expect((await call(app, 'POST', `/community/api/admin/post/${postId}/restore`, staff.auth)).status).toBe(200);
    expect((await call(app, 'GET', `/community/api/posts/${postId}`, fan.auth)).status).toBe(200);
  });
});
