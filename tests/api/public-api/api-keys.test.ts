import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/src/app.js';
import { loadConfig } from '../../../server/src/config.js';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { call, makeMaterial } from '../../helpers/trade.js';
import { createKey, sdkFor } from '../../helpers/sdk.js';
import { newIdempotencyKey } from '../../../packages/sdk/src/index.js';

/** API keys (issue #35): shown once, stored hashed, scoped, revocable at once, owned, audited. */
describe('public API: keys, scopes, revocation, ownership', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let owner: Awaited<ReturnType<typeof makeUser>>;
  let stranger: Awaited<ReturnType<typeof makeUser>>;
  let material: number;
  beforeAll(async () => {
    t = await makeTestApp();
    owner = await makeUser(t.db, { owner_type: 'ORGANISATIONS', company_name: '开发者测试公司' });
    stranger = await makeUser(t.db);
    material = await makeMaterial(t.app, t.db, { title: '开放接口素材' });
  });
  afterAll(() => t.close());

  it('returns the secret once and keeps only its hash and prefix', async () => {
    const { id, secret } = await createKey(t.app, owner.auth, { scopes: ['catalogue:read'] });
    expect(secret).toMatch(/^lm_live_[A-Za-z0-9_-]{32}$/);
    const row = (await t.db.query('SELECT * FROM api_keys WHERE id = $1', [id])).rows[0];
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(secret.startsWith(row.prefix)).toBe(true);
    const list = (await call(t.app, 'GET', '/api/user/api-keys', owner.auth)).body.data;
    const mine = list.find((k: { id: number }) => k.id === id);
    expect(mine).toMatchObject({ prefix: row.prefix, scopes: ['catalogue:read'], status: 'active' });
    expect(JSON.stringify(list)).not.toContain(secret);
  });

  it('refuses a body outside the schema with a Chinese 400', async () => {
    const bad = await call(t.app, 'POST', '/api/user/api-keys', owner.auth, { name: 'x', scopes: ['root'] });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    const ip = await call(t.app, 'POST', '/api/user/api-keys', owner.auth, {
      name: 'x',
      scopes: ['catalogue:read'],
      ipAllowList: ['300.1.1.1'],
    });
    expect(ip.status).toBe(400);
    expect(ip.body.msg).toContain('300.1.1.1');
  });

  it('a key reaches what its scopes grant and gets scope_missing for the rest', async () => {
    const { secret } = await createKey(t.app, owner.auth, { scopes: ['catalogue:read'] });
    const sdk = sdkFor(t.app, secret);
    const got = await sdk.GET('/api/v1/catalogue/{id}', { params: { path: { id: material } } });
    expect(got.response.status).toBe(200);
    expect(got.data?.data.title).toBe('开放接口素材');
    const buy = await sdk.POST('/api/v1/licences', {
      params: { header: { 'idempotency-key': newIdempotencyKey() } },
      body: { items: [{ materialId: material, scenario: 'enterprise_new_media' }] },
    });
    expect(buy.response.status).toBe(403);
    expect(buy.error).toMatchObject({ success: false, data: { error: 'scope_missing', scope: 'licences:purchase' } });
    expect((buy.error as { msg: string }).msg).toContain('购买授权');
    const orders = await sdk.GET('/api/v1/orders');
    expect(orders.response.status).toBe(403);
  });

  it('no key, a wrong key and a session token are refused with their codes', async () => {
    const none = await sdkFor(t.app, '').GET('/api/v1/catalogue');
    expect(none.response.status).toBe(401);
    expect(none.error).toMatchObject({ data: { error: 'key_missing' } });
    const wrong = await sdkFor(t.app, 'lm_live_' + 'x'.repeat(32)).GET('/api/v1/catalogue');
    expect(wrong.error).toMatchObject({ data: { error: 'key_invalid' } });
    const session = await sdkFor(t.app, owner.token).GET('/api/v1/catalogue');
    expect(session.response.status).toBe(401);
  });

  it('a revoked key is refused on the next call', async () => {
    const { id, secret } = await createKey(t.app, owner.auth, { scopes: ['catalogue:read'] });
    const sdk = sdkFor(t.app, secret);
    expect((await sdk.GET('/api/v1/catalogue')).response.status).toBe(200);
    expect((await call(t.app, 'POST', `/api/user/api-keys/${id}/revoke`, owner.auth)).status).toBe(200);
    const after = await sdk.GET('/api/v1/catalogue');
    expect(after.response.status).toBe(401);
    expect(after.error).toMatchObject({ data: { error: 'key_revoked' } });
  });

  it('a key revoked through one app server is refused at once by another on the same database', async () => {
    // A second app server process, as in a deployment with several: same database, its own memory.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-second-app-'));
    const second = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, CLIENT_DIR: path.join(dataDir, 'none'), SEED: '0' }),
      db: t.db,
      logger: false,
    });
    try {
      const { id, secret } = await createKey(t.app, owner.auth, { scopes: ['catalogue:read'] });
      const onSecond = sdkFor(second, secret);
      expect((await onSecond.GET('/api/v1/catalogue')).response.status).toBe(200);
      expect((await call(t.app, 'POST', `/api/user/api-keys/${id}/revoke`, owner.auth)).status).toBe(200);
      const after = await onSecond.GET('/api/v1/catalogue');
      expect(after.response.status).toBe(401);
      expect(after.error).toMatchObject({ data: { error: 'key_revoked' } });
    } finally {
      await second.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('an expired key is refused on the next call', async () => {
    const { id, secret } = await createKey(t.app, owner.auth, { scopes: ['catalogue:read'], expiresInDays: 30 });
    const sdk = sdkFor(t.app, secret);
    expect((await sdk.GET('/api/v1/catalogue')).response.status).toBe(200);
    await t.db.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
    const after = await sdk.GET('/api/v1/catalogue');
    expect(after.error).toMatchObject({ data: { error: 'key_expired' } });
  });

  it('honours the IP allow-list', async () => {
    const { secret } = await createKey(t.app, owner.auth, { scopes: ['catalogue:read'], ipAllowList: ['10.0.0.0/8'] });
    const outside = await sdkFor(t.app, secret, '192.168.1.9').GET('/api/v1/catalogue');
    expect(outside.response.status).toBe(403);
    expect(outside.error).toMatchObject({ data: { error: 'ip_not_allowed' } });
    expect((await sdkFor(t.app, secret, '10.20.30.40').GET('/api/v1/catalogue')).response.status).toBe(200);
  });

  it('another account can neither list nor revoke my keys', async () => {
    const { id, secret } = await createKey(t.app, owner.auth, { scopes: ['catalogue:read'] });
    const theirs = (await call(t.app, 'GET', '/api/user/api-keys', stranger.auth)).body.data;
    expect(theirs.map((k: { id: number }) => k.id)).not.toContain(id);
    const revoke = await call(t.app, 'POST', `/api/user/api-keys/${id}/revoke`, stranger.auth);
    expect(revoke.status).toBe(404);
    expect((await sdkFor(t.app, secret).GET('/api/v1/catalogue')).response.status).toBe(200);
    const calls = (await call(t.app, 'GET', '/api/user/api-keys/calls', stranger.auth)).body.data;
    expect(calls.total).toBe(0);
  });

  it('a company owner sees and revokes its sub-account keys, and their calls', async () => {
    const sub = await call(t.app, 'POST', '/api/user/sub-accounts', owner.auth, {
      phone: `137${String(Date.now()).slice(-8)}`,
      nickname: '采购小王',
      role: 'buyer',
      monthlyLimit: 1000,
    });
    expect(sub.status).toBe(200);
    const subUser = Number(sub.body.data.userId);
    const { createSession } = await import('../../../server/src/repositories/sessions.js');
    const subAuth = { authorization: await createSession(t.db, subUser) };
    const { id, secret } = await createKey(t.app, subAuth, { scopes: ['catalogue:read'] });
    await sdkFor(t.app, secret).GET('/api/v1/catalogue');
    const seen = (await call(t.app, 'GET', '/api/user/api-keys', owner.auth)).body.data;
    expect(seen.find((k: { id: number }) => k.id === id)).toMatchObject({ userId: subUser, ownerName: '采购小王' });
    const calls = (await call(t.app, 'GET', '/api/user/api-keys/calls', owner.auth)).body.data;
    expect(
      calls.list.some((c: { keyId: number; path: string }) => c.keyId === id && c.path === '/api/v1/catalogue'),
    ).toBe(true);
    // The sub-account sees its own keys only, not its company's.
    const subSees = (await call(t.app, 'GET', '/api/user/api-keys', subAuth)).body.data;
    expect(subSees.every((k: { userId: number }) => k.userId === subUser)).toBe(true);
    expect((await call(t.app, 'POST', `/api/user/api-keys/${id}/revoke`, owner.auth)).status).toBe(200);
    expect((await sdkFor(t.app, secret).GET('/api/v1/catalogue')).error).toMatchObject({
      data: { error: 'key_revoked' },
    });
  });

  it('writes every call made with a key to the audit log, with its status', async () => {
    const { id, secret } = await createKey(t.app, owner.auth, { scopes: ['catalogue:read'] });
    await sdkFor(t.app, secret).GET('/api/v1/catalogue/{id}', { params: { path: { id: material } } });
    await sdkFor(t.app, secret).GET('/api/v1/orders');
    const calls = (await call(t.app, 'GET', '/api/user/api-keys/calls?pageSize=100', owner.auth)).body.data.list;
    const mine = calls.filter((c: { keyId: number }) => c.keyId === id);
    expect(mine.map((c: { method: string; path: string; status: number }) => [c.method, c.path, c.status])).toEqual([
      ['GET', '/api/v1/orders', 403],
      ['GET', `/api/v1/catalogue/${material}`, 200],
    ]);
  });
});
