import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { createSession } from '../../../server/src/repositories/sessions.js';
import { hashPassword } from '../../../server/src/security/password.js';

type T = Awaited<ReturnType<typeof makeTestApp>>;
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('account security: sessions with server-side revocation, login history, password change', () => {
  let t: T;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  const as = (token: string, ua = CHROME) => ({ authorization: token, 'user-agent': ua });
  const get = (token: string, url: string, ua?: string) => t.app.inject({ method: 'GET', url, headers: as(token, ua) });
  const post = (token: string, url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: as(token), payload });

  it('lists live sessions with device and this-device flag; revoking one ends it on the server; others are 404', async () => {
    const u = await makeUser(t.db);
    const phone = await createSession(t.db, u.id);
    expect((await get(phone, '/api/user/security', IPHONE)).statusCode).toBe(200);
    const list = (await get(u.token, '/api/user/security/sessions')).json().data;
    expect(list).toHaveLength(2);
    const mine = list.find((s: any) => s.current);
    const other = list.find((s: any) => !s.current);
    expect(mine.device).toBe('Chrome · Windows');
    expect(other.device).toBe('Safari · iOS');
    expect(other.lastSeenAt).toBeTruthy();
    expect(JSON.stringify(list)).not.toMatch(/token/i);

    const stranger = await makeUser(t.db);
    expect((await post(stranger.token, `/api/user/security/sessions/${other.id}/revoke`)).statusCode).toBe(404);
    expect((await get(phone, '/api/user/security')).statusCode).toBe(200);

    expect((await post(u.token, `/api/user/security/sessions/${other.id}/revoke`)).statusCode).toBe(200);
    expect((await get(phone, '/api/user/security')).statusCode).toBe(401);
    expect((await post(u.token, `/api/user/security/sessions/${other.id}/revoke`)).statusCode).toBe(404);
    expect((await get(u.token, '/api/user/security/sessions')).json().data).toHaveLength(1);
  });

  it('revoke-others keeps this device and ends the rest; the login history still lists every login', async () => {
    const u = await makeUser(t.db);
    const a = await createSession(t.db, u.id);
    const b = await createSession(t.db, u.id);
    const r = await post(u.token, '/api/user/security/sessions/revoke-others');
    expect(r.json().data.revoked).toBe(2);
    expect((await get(a, '/api/user/security')).statusCode).toBe(401);
    expect((await get(b, '/api/user/security')).statusCode).toBe(401);
    expect((await get(u.token, '/api/user/security')).statusCode).toBe(200);
    const history = (await get(u.token, '/api/user/security/logins?pageSize=10')).json().data;
    expect(history.total).toBe(3);
    expect(history.list.filter((s: any) => s.revokedAt)).toHaveLength(2);
  });

  it('password change needs the current password, enforces strength, and signs out other devices', async () => {
    const u = await makeUser(t.db, { username: `sec_${Date.now()}` });
    await t.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [u.id, await hashPassword('Old-pass-2026')]);
    const other = await createSession(t.db, u.id);

    const missing = await post(u.token, '/api/user/security/password', { newPassword: 'Newpass2026' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('请输入当前密码');
    const wrong = await post(u.token, '/api/user/security/password', {
      currentPassword: 'nope',
      newPassword: 'Newpass2026',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe('当前密码不正确');
    for (const weak of ['short1', 'lettersonlyhere', '1234567890']) {
      const r = await post(u.token, '/api/user/security/password', {
        currentPassword: 'Old-pass-2026',
        newPassword: weak,
      });
      expect(r.statusCode).toBe(400);
      expect(r.json().msg).toContain('须同时包含字母和数字');
    }
    expect((await get(other, '/api/user/security')).statusCode).toBe(200);

    const ok = await post(u.token, '/api/user/security/password', {
      currentPassword: 'Old-pass-2026',
      newPassword: 'Newpass2026',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.endedSessions).toBe(1);
    expect((await get(other, '/api/user/security')).statusCode).toBe(401);
    expect((await get(u.token, '/api/user/security')).json().data).toMatchObject({ hasPassword: true });
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/dev/session',
      payload: {
        username: (await t.db.query('SELECT username FROM users WHERE id = $1', [u.id])).rows[0].username,
        password: 'Newpass2026',
      },
    });
    expect(fresh.json().success).toBe(true);
  });

  it('an account without a password (SMS sign-up) sets one without a current password', async () => {
    const u = await makeUser(t.db);
    expect((await get(u.token, '/api/user/security')).json().data).toMatchObject({
      hasPassword: false,
      wechatBound: false,
    });
    expect((await post(u.token, '/api/user/security/password', { newPassword: 'Firstpass1' })).statusCode).toBe(200);
    expect((await get(u.token, '/api/user/security')).json().data.hasPassword).toBe(true);
  });
});
