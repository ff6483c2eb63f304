import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { createSession } from '../../../server/src/repositories/sessions.js';
import { hashPassword } from '../../../server/src/security/password.js';
import { lastCode } from '../login/helpers.js';

type T = Awaited<ReturnType<typeof makeTestApp>>;
const newPhone = () => `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/**
 * /account/security phone change: the code goes to the new phone; a password account must also
 * give its password; a phone bound elsewhere is refused; other sessions end; the old phone no
 * longer signs in by SMS to this account.
 */
describe('changing the bound phone', () => {
  let t: T;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());
  // Each call from its own address: one address may ask for a code once a minute (sms-codes.ts).
  let n = 0;
  const post = (token: string, url: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: token },
      payload,
      remoteAddress: `10.9.${Math.floor(++n / 250)}.${n % 250}`,
    });

  it('moves the account to a new phone proved by its code, and ends the other sessions', async () => {
    const u = await makeUser(t.db);
    const old = (await t.db.query('SELECT phone FROM users WHERE id = $1', [u.id])).rows[0].phone as string;
    const elsewhere = await createSession(t.db, u.id);
    const phone = newPhone();
    const sent = await post(u.token, '/api/user/security/phone/code', { phone });
    expect(sent.json(), sent.body).toMatchObject({ code: 200, msg: '验证码已发送' });
    const code = await lastCode(t.app, phone);

    const wrong = await post(u.token, '/api/user/security/phone', {
      phone,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect((await t.db.query('SELECT phone FROM users WHERE id = $1', [u.id])).rows[0].phone).toBe(old);

    const done = await post(u.token, '/api/user/security/phone', { phone, code });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`, endedSessions: 1 });
    expect((await t.db.query('SELECT phone FROM users WHERE id = $1', [u.id])).rows[0].phone).toBe(phone);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/security', headers: { authorization: elsewhere } }))
        .statusCode,
    ).toBe(401);
    // The code was single use.
    expect((await post(u.token, '/api/user/security/phone', { phone, code })).statusCode).toBe(400);
  });

  it('refuses a bad number, the same number and one bound to another account, in Chinese, sending nothing', async () => {
    const u = await makeUser(t.db);
    const other = await makeUser(t.db);
    const mine = (await t.db.query('SELECT phone FROM users WHERE id = $1', [u.id])).rows[0].phone as string;
    const theirs = (await t.db.query('SELECT phone FROM users WHERE id = $1', [other.id])).rows[0].phone as string;
    const bad = await post(u.token, '/api/user/security/phone/code', { phone: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('请输入正确的11位手机号');
    expect((await post(u.token, '/api/user/security/phone/code', { phone: mine })).json().msg).toBe(
      '新手机号与当前绑定的手机号相同',
    );
    const taken = await post(u.token, '/api/user/security/phone/code', { phone: theirs });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe('该手机号已绑定其他账号');
    const sent = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sms_sandbox_outbox WHERE phone = ANY($1)',
      [['12345', mine, theirs]],
    );
    expect(sent.rows[0].n).toBe(0);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/security/phone/code', payload: { phone: newPhone() } }))
        .statusCode,
    ).toBe(401);
  });

  it('asks an account with a password for it, and refuses a wrong one without using the code', async () => {
    const u = await makeUser(t.db);
    await t.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [u.id, await hashPassword('Old-pass-2026')]);
    const phone = newPhone();
    expect((await post(u.token, '/api/user/security/phone/code', { phone })).statusCode).toBe(200);
    const code = await lastCode(t.app, phone);
    const missing = await post(u.token, '/api/user/security/phone', { phone, code });
    expect(missing.json().msg).toBe('请输入当前密码');
    const wrong = await post(u.token, '/api/user/security/phone', { phone, code, currentPassword: 'Wrong-pass-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe('当前密码不正确');
    const ok = await post(u.token, '/api/user/security/phone', { phone, code, currentPassword: 'Old-pass-2026' });
    expect(ok.statusCode).toBe(200);
    expect((await t.db.query('SELECT phone FROM users WHERE id = $1', [u.id])).rows[0].phone).toBe(phone);
  });
});
