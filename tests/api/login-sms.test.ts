import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp } from '../helpers/app.js';
import { freshIp, lastCode, randomPhone, send, SECRET, userInfo } from './login/helpers.js';
import { signFields } from '../../src/schemas/login/sms-sign.js';
import { SIGN_VECTOR } from '../helpers/sms-sign-vector.js';
import { codeHash, SEND_DAILY_MAX } from '../../server/src/repositories/sms-codes.js';
import crypto from 'node:crypto';

describe('phone + SMS login', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());
  const login = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/common/userPhoneLoginReg', payload, remoteAddress: freshIp() });

  it('sends a 6-digit code to the sandbox outbox and stores only its hash', async () => {
    const phone = randomPhone();
    const r = await send(t.app, { phone });
    expect(r.json()).toMatchObject({ code: 200, success: true, msg: '验证码已发送' });
    const code = await lastCode(t.app, phone);
    expect(code).toMatch(/^\d{6}$/);
    const row = await t.db.query<{ code_hash: string; expires_at: Date; created_at: Date }>(
      'SELECT code_hash, expires_at, created_at FROM sms_codes WHERE phone = $1',
      [phone],
    );
    expect(row.rows[0].code_hash).not.toContain(code);
    // The hash is keyed by the server-only pepper, not by the signing secret the client bundles.
    expect(row.rows[0].code_hash).toBe(codeHash(t.app.config.smsCodePepper, phone, 'login', code));
    expect(row.rows[0].code_hash).not.toBe(codeHash(SECRET, phone, 'login', code));
    expect(row.rows[0].code_hash).not.toBe(crypto.createHmac('sha256', SECRET).update(code).digest('hex'));
    const ttl = new Date(row.rows[0].expires_at).getTime() - new Date(row.rows[0].created_at).getTime();
    expect(Math.round(ttl / 1000)).toBe(300);
  });

  it('refuses a wrong signature, a stale timestamp and a replayed request', async () => {
    const phone = randomPhone();
    expect(
      (await send(t.app, { phone }, { sign: signFields({ phone: '13900000000' }, String(Date.now()), SECRET) })).json()
        .msg,
    ).toBe('请求签名不正确，请刷新页面后重试');
    const stale = await send(t.app, { phone }, { now: Date.now() - 6 * 60_000 });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().msg).toBe('请求已失效，请刷新页面后重试');
    const body = JSON.parse(
      JSON.stringify(
        (await import('../../src/schemas/login/sms-sign.js')).signedBody({ phone, registDevice: 'PC' }, SECRET),
      ),
    );
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/common/sendUserSmsCode',
      payload: body,
      remoteAddress: freshIp(),
    });
    expect(first.json().success).toBe(true);
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/common/sendUserSmsCode',
      payload: body,
      remoteAddress: freshIp(),
    });
    expect(replay.json()).toMatchObject({ success: false, msg: '请求已失效，请刷新页面后重试' });
  });

  it('the server verifier accepts the client known-vector signature (only its old timestamp is refused)', async () => {
    const body = { ...SIGN_VECTOR.fields, timestamp: SIGN_VECTOR.timestamp, sign: SIGN_VECTOR.sign };
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/common/sendUserSmsCode',
      payload: body,
      remoteAddress: freshIp(),
    });
    expect(ok.json().msg).toBe('请求已失效，请刷新页面后重试');
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/common/sendUserSmsCode',
      payload: { ...body, phone: '13800000009' },
      remoteAddress: freshIp(),
    });
    expect(tampered.json().msg).toBe('请求签名不正确，请刷新页面后重试');
  });

  it('validates with the shared schema messages', async () => {
    expect((await send(t.app, { phone: '1380000' })).json().msg).toBe('请输入11位数字手机号码');
    expect((await login({ phone: '13800000001', verificationCode: '12ab' })).json().msg).toBe('请输入6位数字验证码');
    expect((await login({ phone: 'x' })).json().msg).toBe('请输入11位数字手机号码');
  });

  it('limits sends per phone (60 s) and per IP (60 s), with the wait in the message', async () => {
    const phone = randomPhone();
    expect((await send(t.app, { phone })).json().success).toBe(true);
    const again = await send(t.app, { phone });
    expect(again.statusCode).toBe(429);
    expect(again.json().msg).toMatch(/^验证码发送过于频繁，请\d+秒后再试$/);
    const ip = freshIp();
    expect((await send(t.app, { phone: randomPhone() }, { ip })).json().success).toBe(true);
    expect((await send(t.app, { phone: randomPhone() }, { ip })).json().msg).toMatch(/验证码发送过于频繁/);
  });

  it('limits sends to 10 a day per phone', async () => {
    const phone = randomPhone();
    for (let i = 0; i < 10; i++) {
      await t.db.query(
        "INSERT INTO sms_codes(phone, purpose, code_hash, ip, expires_at, created_at) VALUES ($1, 'login', 'x', 'old', now(), now() - interval '2 hours')",
        [phone],
      );
    }
    const r = await send(t.app, { phone });
    expect(r.statusCode).toBe(429);
    expect(r.json().msg).toBe('该手机号今日获取验证码次数已达上限，请明天再试');
  });

  it('limits sends to 10 a day per IP, whatever the phone', async () => {
    const ip = freshIp();
    for (let i = 0; i < SEND_DAILY_MAX; i++) {
      await t.db.query(
        "INSERT INTO sms_codes(phone, purpose, code_hash, ip, expires_at, created_at) VALUES ($1, 'login', 'x', $2, now(), now() - interval '2 hours')",
        [randomPhone(), ip],
      );
    }
    const r = await send(t.app, { phone: randomPhone() }, { ip });
    expect(r.statusCode).toBe(429);
    expect(r.json().msg).toBe('当前网络今日获取验证码次数已达上限，请明天再试');
    // Sends older than a day no longer count.
    await t.db.query("UPDATE sms_codes SET created_at = now() - interval '25 hours' WHERE ip = $1", [ip]);
    expect((await send(t.app, { phone: randomPhone() }, { ip })).json().success).toBe(true);
  });

  // Opens every pooled PostgreSQL connection first: on a cold pool the first request finishes while
  // the others are still connecting, which would hide a check-then-insert race.
  const warmPool = () => Promise.all(Array.from({ length: 10 }, () => t.db.query('SELECT 1')));

  it('concurrent sends for one phone: exactly one passes the limit check', async () => {
    const phone = randomPhone();
    await warmPool();
    const now = Date.now();
    // Distinct timestamps make distinct signatures (not replays); distinct IPs keep the per-IP limit out of it.
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => send(t.app, { phone }, { now: now - i })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429, 429, 429, 429, 429]);
    const rows = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sms_codes WHERE phone = $1', [phone]);
    expect(rows.rows[0].n).toBe(1);
    const outbox = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sms_sandbox_outbox WHERE phone = $1',
      [phone],
    );
    expect(outbox.rows[0].n).toBe(1);
  });

  it('concurrent sends from one IP for different phones: exactly one passes', async () => {
    const ip = freshIp();
    await warmPool();
    const results = await Promise.all(Array.from({ length: 6 }, () => send(t.app, { phone: randomPhone() }, { ip })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const rows = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sms_codes WHERE ip = $1', [ip]);
    expect(rows.rows[0].n).toBe(1);
  });

  it('registers on first login with invite and source details, then logs the same account in again', async () => {
    const phone = randomPhone();
    await send(t.app, { phone });
    const r = await login({
      phone,
      verificationCode: await lastCode(t.app, phone),
      registDevice: 'H5',
      inviteId: '77',
      inviteCode: 'ABC',
      registSource: 'LUMEN_CREATOR',
    });
    expect(r.json()).toMatchObject({ code: 200, success: true });
    const token = r.json().data.token;
    const info = (await userInfo(t.app, token)).json().data;
    expect(info.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    const row = await t.db.query(
      'SELECT invite_id, invite_code, regist_source, regist_device FROM users WHERE phone = $1',
      [phone],
    );
    expect(row.rows[0]).toEqual({
      invite_id: '77',
      invite_code: 'ABC',
      regist_source: 'LUMEN_CREATOR',
      regist_device: 'H5',
    });

    await t.db.query("UPDATE sms_codes SET created_at = now() - interval '2 minutes' WHERE phone = $1", [phone]);
    await send(t.app, { phone });
    const again = await login({ phone, verificationCode: await lastCode(t.app, phone) });
    expect(again.json().data.token).not.toBe(token);
    expect((await userInfo(t.app, again.json().data.token)).json().data.id).toBe(info.id);
    expect((await t.db.query('SELECT count(*)::int AS n FROM users WHERE phone = $1', [phone])).rows[0].n).toBe(1);
  });

  it('refuses a reused, a wrong, an expired and a brute-forced code', async () => {
    const phone = randomPhone();
    await send(t.app, { phone });
    const code = await lastCode(t.app, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await login({ phone, verificationCode: wrong })).json().msg).toBe('验证码错误，请重新输入');
    expect((await login({ phone, verificationCode: code })).json().success).toBe(true);
    expect((await login({ phone, verificationCode: code })).json().msg).toBe('验证码已失效，请重新获取');

    const p2 = randomPhone();
    await send(t.app, { phone: p2 });
    await t.db.query("UPDATE sms_codes SET expires_at = now() - interval '1 second' WHERE phone = $1", [p2]);
    expect((await login({ phone: p2, verificationCode: await lastCode(t.app, p2) })).json().msg).toBe(
      '验证码已失效，请重新获取',
    );

    const p3 = randomPhone();
    await send(t.app, { phone: p3 });
    const c3 = await lastCode(t.app, p3);
    const bad = c3 === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++)
      expect((await login({ phone: p3, verificationCode: bad })).json().msg).toBe('验证码错误，请重新输入');
    expect((await login({ phone: p3, verificationCode: bad })).json().msg).toBe('验证码错误次数过多，请重新获取');
    expect((await login({ phone: p3, verificationCode: c3 })).json().success).toBe(false);
  });

  it('a login code does not work for binding (codes are bound to their purpose)', async () => {
    const phone = randomPhone();
    await send(t.app, { phone });
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/common/phone',
      payload: { phone, verificationCode: await lastCode(t.app, phone), ticket: 'no-such-ticket-123' },
    });
    expect(r.json()).toMatchObject({ success: false, msg: '二维码已失效，请刷新二维码' });
  });
});
