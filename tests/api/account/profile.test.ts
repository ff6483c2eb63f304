import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { call } from '../../helpers/trade.js';
import { formWithFiles, metaOf } from '../../helpers/multipart.js';
import { jpeg } from '../../helpers/media.js';

describe('profile at /account/setting: fields from lumen:forms/profile, avatar checked and served publicly', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  it('saves nickname, bio and email; refuses bad input in Chinese; only the owner edits their own', async () => {
    const u = await makeUser(t.db);
    const r = await call(t.app, 'PUT', '/api/user/profile', u.auth, {
      nickname: ' 光影 ',
      bio: '纪录片摄影',
      contactEmail: 'a@b.cn',
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ nickname: '光影', bio: '纪录片摄影', contactEmail: 'a@b.cn' });
    const bad = await call(t.app, 'PUT', '/api/user/profile', u.auth, { nickname: '', contactEmail: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/昵称|邮箱/);
    expect((await call(t.app, 'GET', '/api/user/profile')).status).toBe(401);
  });

  it('stores an avatar checked by content and serves it from /files; a fake image is refused', async () => {
    const u = await makeUser(t.db);
    const img = { filename: 'me.jpg', contentType: 'image/jpeg', data: await jpeg(64, 64) };
    const body = formWithFiles({ nickname: '头像用户', avatar: [metaOf(img)] }, [img], 'avatar');
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile/avatar',
      headers: { ...u.auth, ...body.headers },
      payload: body.payload,
    });
    expect(r.statusCode, r.body).toBe(200);
    const avatar = r.json().data.avatar as string;
    expect(avatar).toMatch(/^\/files\/media-public\//);
    const served = await t.app.inject({ method: 'GET', url: avatar });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(img.data)).toBe(true);

    const fake = { filename: 'x.jpg', contentType: 'image/jpeg', data: Buffer.from('not an image') };
    const f = formWithFiles({ nickname: '头像用户', avatar: [metaOf(fake)] }, [fake], 'avatar');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile/avatar',
      headers: { ...u.auth, ...f.headers },
      payload: f.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/user/profile', u.auth)).body.data.avatar).toBe(avatar);
  });
});
