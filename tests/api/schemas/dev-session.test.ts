import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp } from '../../helpers/app.js';
import { hashPassword } from '../../../server/src/security/password.js';
import { MSG_LOCKED, USER_MAX_FAILURES } from '../../../server/src/repositories/login-failures.js';
import { freshIp, passwordLogin } from '../login/helpers.js';

async function withStaff(t: Awaited<ReturnType<typeof makeTestApp>>) {
  await t.db.query(
    `INSERT INTO users(username, phone, roles, password_hash) VALUES ('ops', '13900000009', ARRAY['buyer','staff'], $1)`,
    [await hashPassword('Lumen@2026')],
  );
}

describe('dev-only session route and console access', () => {
  let dev: Awaited<ReturnType<typeof makeTestApp>>;
  let prod: Awaited<ReturnType<typeof makeTestApp>>;
  beforeAll(async () => {
    dev = await makeTestApp();
    prod = await makeTestApp({ NODE_ENV: 'production' });
    await withStaff(dev);
    await withStaff(prod);
  });
  afterAll(async () => {
    await dev.close();
    await prod.close();
  });

  const login = (t: typeof dev, password: string) =>
    t.app.inject({ method: 'POST', url: '/dev/session', payload: { username: 'ops', password } });

  it('issues a session for the right password only, with one message for every failure', async () => {
    expect((await login(dev, 'wrong')).json()).toMatchObject({ success: false, msg: '用户名或密码错误' });
    const r = await dev.app.inject({
      method: 'POST',
      url: '/dev/session',
      payload: { username: 'nobody', password: 'x' },
    });
    expect(r.json().msg).toBe('用户名或密码错误');
    const token = (await login(dev, 'Lumen@2026')).json().data.token;
    const access = await dev.app.inject({ url: '/api/schemas/access', headers: { authorization: token } });
    expect(access.json().data).toEqual({ staff: true });
  });

  it('refuses a locked account, and counts its own failures towards the lock', async () => {
    const hash = await hashPassword('Lumen@2026');
    await dev.db.query(
      `INSERT INTO users(username, phone, password_hash) VALUES ('locked_a', '13900000011', $1), ('locked_b', '13900000012', $1)`,
      [hash],
    );
    // Locked through the login dialog: the sandbox shortcut gives no token either.
    for (let i = 0; i < USER_MAX_FAILURES; i++) await passwordLogin(dev.app, 'locked_a', `bad-${i}`);
    const viaDev = await dev.app.inject({
      method: 'POST',
      url: '/dev/session',
      payload: { username: 'locked_a', password: 'Lumen@2026' },
      remoteAddress: freshIp(),
    });
    expect(viaDev.statusCode).toBe(429);
    expect(viaDev.json()).toMatchObject({ success: false, msg: MSG_LOCKED, data: null });
    // Guessing through the shortcut locks the account for the login dialog too.
    for (let i = 0; i < USER_MAX_FAILURES; i++) {
      const r = await dev.app.inject({
        method: 'POST',
        url: '/dev/session',
        payload: { username: 'locked_b', password: `bad-${i}` },
        remoteAddress: freshIp(),
      });
      expect(r.json().msg).toBe('用户名或密码错误');
    }
    expect((await passwordLogin(dev.app, 'locked_b', 'Lumen@2026')).json().msg).toBe(MSG_LOCKED);
  });

  it('does not exist in production', async () => {
    expect((await login(prod, 'Lumen@2026')).statusCode).toBe(404);
  });

  it('access: 401 for visitors, staff false for other users', async () => {
    expect((await dev.app.inject({ url: '/api/schemas/access' })).statusCode).toBe(401);
    const { makeUser } = await import('../../helpers/app.js');
    const u = await makeUser(dev.db);
    expect((await dev.app.inject({ url: '/api/schemas/access', headers: u.auth })).json().data).toEqual({
      staff: false,
    });
  });
});
