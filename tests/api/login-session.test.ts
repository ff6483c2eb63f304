import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../helpers/app.js';
import { userInfo } from './login/helpers.js';

describe('sessions, user info, logout, analytics, ad conversions, sandbox pages', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  it('getUserInfo answers 401 without, with an unknown and with an expired token', async () => {
    const none = await t.app.inject('/api/common/getUserInfo');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 401, msg: '还没有登录哦，请登录后完成此操作' });
    expect((await userInfo(t.app, 'forged')).statusCode).toBe(401);
    const u = await makeUser(t.db);
    await t.db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1", [u.id]);
    expect((await userInfo(t.app, u.token)).statusCode).toBe(401);
  });

  it('authenticates only the Authorization header, never the token1 cookie', async () => {
    const u = await makeUser(t.db);
    const byCookie = await t.app.inject({ url: '/api/common/getUserInfo', cookies: { token1: u.token } });
    expect(byCookie.statusCode).toBe(401);
    expect(byCookie.json().msg).toBe('还没有登录哦，请登录后完成此操作');
    // State-changing calls carried by the cookie alone (what a cross-site form would send) do nothing.
    const album = await t.app.inject({
      method: 'POST',
      url: '/api/collect',
      cookies: { token1: u.token },
      payload: { name: '跨站收藏夹' },
    });
    expect(album.statusCode).toBe(401);
    await t.app.inject({ method: 'POST', url: '/api/common/logout', cookies: { token1: u.token } });
    expect((await userInfo(t.app, u.token)).json().data.id).toBe(u.id);
    const bearer = await t.app.inject({
      url: '/api/common/getUserInfo',
      headers: { authorization: `Bearer ${u.token}` },
      cookies: { token1: 'other' },
    });
    expect(bearer.json().data.id).toBe(u.id);
  });

  it('logout revokes the session on the server', async () => {
    const u = await makeUser(t.db);
    expect((await userInfo(t.app, u.token)).statusCode).toBe(200);
    const r = await t.app.inject({ method: 'POST', url: '/api/common/logout', headers: u.auth });
    expect(r.json()).toMatchObject({ code: 200, msg: '已退出登录' });
    expect((await userInfo(t.app, u.token)).statusCode).toBe(401);
  });

  it('records the login analytics action for the logged-in user only', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/common/loginStat', payload: { loginType: 1 } })).statusCode,
    ).toBe(401);
    const u = await makeUser(t.db);
    await t.app.inject({
      method: 'POST',
      url: '/api/common/loginStat',
      headers: u.auth,
      payload: { loginType: 2, url: 'http://x/' },
    });
    expect((await t.db.query('SELECT login_type, url FROM login_events WHERE user_id = $1', [u.id])).rows).toEqual([
      { login_type: 2, url: 'http://x/' },
    ]);
  });

  it('uploadConvertData records type 49 with the bd_vid of the url', async () => {
    const u = await makeUser(t.db);
    const url = 'http://lumen.test/?bd_vid=abc123&x=1';
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/baidu/uploadConvertData',
      headers: { ...u.auth, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `type=49&url=${encodeURIComponent(url)}`,
    });
    expect(r.json().success).toBe(true);
    expect((await t.db.query('SELECT type, bd_vid FROM ad_conversions WHERE user_id = $1', [u.id])).rows).toEqual([
      { type: 49, bd_vid: 'abc123' },
    ]);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/baidu/uploadConvertData',
          payload: { type: 49, url: 'javascript:alert(1)' },
        })
      ).json().msg,
    ).toBe('页面地址不正确');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/baidu/uploadConvertData', payload: { type: 'x', url } })).json()
        .msg,
    ).toBe('转化类型不正确');
  });

  it('the SMS sandbox page lists delivered messages, escaped', async () => {
    await t.db.query("INSERT INTO sms_sandbox_outbox(phone, content) VALUES ('13900000000', '<b>验证码为123456</b>')");
    const r = await t.app.inject('/dev/sms');
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.body).toContain('短信沙箱');
    expect(r.body).toContain('&#60;b&#62;');
    expect(r.body).not.toContain('<b>验证码');
  });

  it('the sandbox index at /dev/ links every sandbox page, and each link answers', async () => {
    const r = await t.app.inject('/dev/');
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('第三方服务沙箱');
    const links = [...r.body.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(links).toEqual(expect.arrayContaining(['/dev/sms', '/dev/authority', '/dev/notary']));
    for (const href of links.filter((l) => l.startsWith('/dev/')))
      expect((await t.app.inject(href)).statusCode, href).toBe(200);
  });

  it('sandbox pages are refused in production mode', async () => {
    const prod = await makeTestApp({ NODE_ENV: 'production' });
    try {
      const r = await prod.app.inject('/dev/sms');
      expect(r.statusCode).toBe(404);
      expect(r.body).toContain('沙箱页面在生产环境不可用');
      expect((await prod.app.inject('/dev/wechat?ticket=abc')).statusCode).toBe(404);
      expect((await prod.app.inject('/dev/')).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
