import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import agreement from '../../../src/schemas/content/creator-agreement.json';

describe('POST /api/user/creator/sign (becoming a creator)', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t?.close());

  const sign = (who: { auth: Record<string, string> } | null, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/user/creator/sign', headers: who?.auth ?? {}, payload });
  const form = { agree: true, agreementVersion: agreement.version };

  it('a buyer gets 403 on creator APIs until signed; signing adds the role once and records version and time', async () => {
    const buyer = await makeUser(t.db);
    const works = () => t.app.inject({ method: 'GET', url: '/api/user/works/list', headers: buyer.auth });
    const refused = await works();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('请先成为创作者后再使用创作者中心');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/withdrawal/summary', headers: buyer.auth })).statusCode,
    ).toBe(403);

    const first = await sign(buyer, form);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      msg: '您已成为流明素材创作者',
      data: { agreementVersion: agreement.version, roles: ['buyer', 'creator'] },
    });
    expect((await works()).statusCode).toBe(200);
    const info = await t.app.inject({ method: 'GET', url: '/api/common/getUserInfo', headers: buyer.auth });
    expect(info.json().data.roles).toEqual(['buyer', 'creator']);

    // Idempotent: again, and twice at once, changes nothing.
    const again = await Promise.all([sign(buyer, form), sign(buyer, form)]);
    for (const r of again) expect(r.json().data).toEqual(first.json().data);
    const rows = await t.db.query('SELECT version, signed_at FROM creator_agreements WHERE user_id = $1', [buyer.id]);
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0].version).toBe(agreement.version);
    const status = await t.app.inject({ method: 'GET', url: '/api/user/creator/agreement', headers: buyer.auth });
    expect(status.json().data).toMatchObject({
      currentVersion: agreement.version,
      creator: true,
      signed: { version: agreement.version, signedAt: first.json().data.signedAt },
    });
  });

  it('needs a login, the ticked agreement and its current version', async () => {
    const buyer = await makeUser(t.db);
    expect((await sign(null, form)).statusCode).toBe(401);
    const unticked = await sign(buyer, { agreementVersion: agreement.version });
    expect(unticked.statusCode).toBe(400);
    expect(unticked.json().msg).toBe('请先阅读并勾选同意创作者协议');
    expect((await sign(buyer, { ...form, agree: false })).json().msg).toBe('请先阅读并勾选同意创作者协议');
    const old = await sign(buyer, { ...form, agreementVersion: '2020-01-01' });
    expect(old.statusCode).toBe(409);
    expect(old.json().msg).toBe('创作者协议已更新，请刷新页面阅读最新版本后再签署');
    const roles = await t.db.query<{ roles: string[] }>('SELECT roles FROM users WHERE id = $1', [buyer.id]);
    expect(roles.rows[0].roles).toEqual(['buyer']);
  });
});
