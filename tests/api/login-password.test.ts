import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp } from '../helpers/app.js';
import { seedUsers, DEMO_PASSWORD } from '../../server/src/seed/users.js';
import { freshIp, passwordLogin, userInfo } from './login/helpers.js';
import { encodePassword } from '../../src/schemas/login/password-codec.js';

describe('password login', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  beforeAll(async () => {
    t = await makeTestApp();
    await seedUsers(t.app);
  });
  afterAll(() => t.close());

  it('logs a demo account in by username or phone with a new token each time', async () => {
    const a = (await passwordLogin(t.app, 'demo_company', DEMO_PASSWORD)).json();
    expect(a).toMatchObject({ code: 200, success: true });
    const b = (await passwordLogin(t.app, '13800000002', DEMO_PASSWORD)).json();
    expect(b.data.token).not.toBe(a.data.token);
    const info = (await userInfo(t.app, b.data.token)).json().data;
    expect(info).toMatchObject({
      username: 'demo_company',
      ownerType: 'ORGANISATIONS',
      companyName: '星河文化传媒有限公司',
    });
    expect(info).not.toHaveProperty('password_hash');
  });

  it('answers unknown users and wrong passwords with the same message', async () => {
    const wrong = await passwordLogin(t.app, 'demo_buyer', 'nope');
    const unknown = await passwordLogin(t.app, 'nobody_here', 'nope');
    expect(wrong.statusCode).toBe(unknown.statusCode);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().msg).toBe('用户名或密码错误');
  });

  it('refuses a stale ts, a password that does not carry its ts, and empty fields', async () => {
    const old = String((Date.now() - 10 * 60_000) * 1000);
    expect((await passwordLogin(t.app, 'demo_buyer', DEMO_PASSWORD, { ts: old })).json().msg).toBe(
      '请求已失效，请刷新页面后重试',
    );
    const ts = String(Date.now() * 1000);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/common/userPasswordLogin',
      payload: { username: 'demo_buyer', ts, password: encodePassword(DEMO_PASSWORD, '1234567890123456') },
    });
    expect(r.json().msg).toBe('用户名或密码错误');
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/common/userPasswordLogin',
      payload: { username: 'demo_buyer', ts, password: '' },
    });
    expect(empty.json().msg).toBe('请输入密码');
  });

  it('locks a username after 5 failures, even for the right password, without revealing whether it exists', async () => {
    for (let i = 0; i < 5; i++)
      expect((await passwordLogin(t.app, 'demo_creator', 'bad')).json().msg).toBe('用户名或密码错误');
    const locked = await passwordLogin(t.app, 'demo_creator', DEMO_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().msg).toBe('登录失败次数过多，请15分钟后再试');
    for (let i = 0; i < 5; i++) await passwordLogin(t.app, 'ghost_user', 'bad');
    expect((await passwordLogin(t.app, 'ghost_user', 'bad')).json().msg).toBe('登录失败次数过多，请15分钟后再试');
    // Once the lock has passed the right password works and clears the count.
    await t.db.query(
      "UPDATE login_failures SET locked_until = now() - interval '1 second', updated_at = now() - interval '1 hour' WHERE key = (SELECT 'a:' || id FROM users WHERE username = 'demo_creator')",
    );
    expect((await passwordLogin(t.app, 'demo_creator', DEMO_PASSWORD)).json().success).toBe(true);
  });

  it('locks an IP after 20 failures across usernames', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) await passwordLogin(t.app, `spray_${i}`, 'bad', { ip });
    expect((await passwordLogin(t.app, 'demo_staff', DEMO_PASSWORD, { ip })).json().msg).toBe(
      '登录失败次数过多，请15分钟后再试',
    );
    expect((await passwordLogin(t.app, 'demo_staff', DEMO_PASSWORD)).json().success).toBe(true);
  });
});
