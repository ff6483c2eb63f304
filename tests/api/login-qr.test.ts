import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../helpers/app.js';
import { freshIp, lastCode, randomPhone, send, userInfo } from './login/helpers.js';

describe('WeChat QR login and phone binding', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  beforeAll(async () => {
    t = await makeTestApp({ PUBLIC_URL: 'http://lumen.test' });
  });
  afterAll(() => t.close());

  const qr = async () => (await t.app.inject('/api/common/getQrCode')).json().data as { ticket: string; url: string };
  const poll = (ticket: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/common/checkLogin',
      payload: `ticket=${encodeURIComponent(ticket)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const scan = (ticket: string, openid: string) =>
    t.app.inject({
      method: 'POST',
      url: '/dev/wechat',
      payload: `ticket=${encodeURIComponent(ticket)}&openid=${encodeURIComponent(openid)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const bind = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/common/phone', payload, remoteAddress: freshIp() });

  it('issues a ticket whose url is the sandbox scan page; polling a pending ticket answers neither token nor needBind', async () => {
    const { ticket, url } = await qr();
    expect(url).toBe(`http://lumen.test/dev/wechat?ticket=${encodeURIComponent(ticket)}`);
    expect((await poll(ticket)).json()).toMatchObject({ code: 200, data: { token: null, needBind: false } });
    const page = await t.app.inject(`/dev/wechat?ticket=${encodeURIComponent(ticket)}`);
    expect(page.body).toContain('沙箱');
    expect(page.body).toContain('使用新的微信身份');
  });

  it('caps login endpoints per IP (30 a minute) with the Chinese 429 envelope', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 31; i++)
      codes.push((await t.app.inject({ url: '/api/common/getQrCode', remoteAddress: '10.9.9.9' })).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    const r = await t.app.inject({ url: '/api/common/getQrCode', remoteAddress: '10.9.9.9' });
    expect(r.statusCode).toBe(429);
    expect(r.json()).toMatchObject({ code: 429, msg: '操作过于频繁，请稍后再试' });
  });

  it('refuses an expired or unknown ticket', async () => {
    const { ticket } = await qr();
    await t.db.query("UPDATE wechat_tickets SET expires_at = now() - interval '1 second' WHERE ticket = $1", [ticket]);
    expect((await poll(ticket)).json()).toMatchObject({ success: false, msg: '二维码已过期，请刷新二维码' });
    expect((await scan(ticket, 'new')).body).toContain('二维码已过期或已被使用');
    expect((await poll('unknown-ticket')).json().success).toBe(false);
  });

  it('an existing identity gets a token; the ticket then cannot be used again', async () => {
    const u = await makeUser(t.db);
    await t.db.query("UPDATE users SET wechat_openid = 'oid_existing' WHERE id = $1", [u.id]);
    const { ticket } = await qr();
    expect((await t.app.inject(`/dev/wechat?ticket=${encodeURIComponent(ticket)}`)).body).toContain('oid_existing');
    await scan(ticket, 'oid_existing');
    const r = (await poll(ticket)).json();
    expect(r.data.token).toBeTruthy();
    expect((await userInfo(t.app, r.data.token)).json().data.id).toBe(u.id);
    expect((await poll(ticket)).json().success).toBe(false);
  });

  it('a new identity needs binding: bind code, then a new account linked to the openid', async () => {
    const { ticket } = await qr();
    await scan(ticket, 'new');
    expect((await poll(ticket)).json().data).toEqual({ token: null, needBind: true });
    const phone = randomPhone();
    // Bind codes need the scanned ticket.
    expect((await send(t.app, { phone, ticket: 'not-a-scanned-ticket' }, { bind: true })).json().msg).toBe(
      '二维码已失效，请刷新二维码',
    );
    expect((await send(t.app, { phone, ticket }, { bind: true })).json().success).toBe(true);
    const code = await lastCode(t.app, phone);
    expect((await bind({ phone, verificationCode: code === '000000' ? '111111' : '000000', ticket })).json().msg).toBe(
      '验证码错误，请重新输入',
    );
    const r = await bind({
      phone,
      verificationCode: code,
      ticket,
      registDevice: 'PC',
      inviteCode: 'INV1',
      registSource: 'LUMEN_IMG_PURCHASE',
    });
    expect(r.json()).toMatchObject({ code: 200, msg: '绑定成功' });
    const info = (await userInfo(t.app, r.json().data.token)).json().data;
    const row = (
      await t.db.query('SELECT wechat_openid, invite_code, regist_source FROM users WHERE id = $1', [info.id])
    ).rows[0];
    expect(row.wechat_openid).toMatch(/^sandbox_/);
    expect(row).toMatchObject({ invite_code: 'INV1', regist_source: 'LUMEN_IMG_PURCHASE' });
    // The ticket is consumed; the next scan with this identity logs straight in.
    expect((await bind({ phone, verificationCode: code, ticket })).json().msg).toBe('二维码已失效，请刷新二维码');
    const next = await qr();
    await scan(next.ticket, row.wechat_openid);
    expect((await userInfo(t.app, (await poll(next.ticket)).json().data.token)).json().data.id).toBe(info.id);
  });

  it('binding the phone of an existing account links the identity to that account', async () => {
    const phone = randomPhone();
    const u = await makeUser(t.db, { phone });
    const { ticket } = await qr();
    await scan(ticket, 'new');
    await send(t.app, { phone, ticket }, { bind: true });
    const r = await bind({ phone, verificationCode: await lastCode(t.app, phone), ticket });
    expect((await userInfo(t.app, r.json().data.token)).json().data.id).toBe(u.id);
    expect((await t.db.query('SELECT wechat_openid FROM users WHERE id = $1', [u.id])).rows[0].wechat_openid).toMatch(
      /^sandbox_/,
    );
  });

  it('a phone already linked to another WeChat identity cannot be bound again', async () => {
    const phone = randomPhone();
    const u = await makeUser(t.db, { phone });
    await t.db.query("UPDATE users SET wechat_openid = 'oid_other' WHERE id = $1", [u.id]);
    const { ticket } = await qr();
    await scan(ticket, 'new');
    await send(t.app, { phone, ticket }, { bind: true });
    expect((await bind({ phone, verificationCode: await lastCode(t.app, phone), ticket })).json().msg).toBe(
      '该手机号已绑定其他微信账号',
    );
  });
});
