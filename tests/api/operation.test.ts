import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../helpers/app.js';
import { STAT_RATE_LIMIT } from '../../server/src/routes/operation.js';
import { cityOf, isLocalAddress } from '../../server/src/http/ip.js';

const payload = (over: Record<string, string> = {}) => ({
  url: 'http://127.0.0.1/ablum/1',
  rurl: '',
  src: '1920x1080',
  scl: '24-bit',
  lg: 'zh-CN',
  tz: 'Asia/Shanghai',
  os: 'Linux',
  bs: 'Chrome',
  ps: '1366x900',
  jv: '0',
  sh: '127.0.0.1',
  ip: '127.0.0.1',
  addr: '本地',
  device: 'pc',
  pvi: 'abc123',
  ...over,
});

describe('operation endpoints', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  it('ip/get answers the client IP and 本地 for loopback', async () => {
    const r = await t.app.inject('/api/ip/get');
    expect(r.json()).toMatchObject({ code: 200, success: true, data: { ip: '127.0.0.1', city: '本地' } });
  });

  it('ip/get answers 未知 for a public address (no external lookup)', async () => {
    const r = await t.app.inject({ url: '/api/ip/get', remoteAddress: '8.8.8.8' });
    expect(r.json().data).toEqual({ ip: '8.8.8.8', city: '未知' });
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set (a client cannot pick its own address)', async () => {
    const r = await t.app.inject({ url: '/api/ip/get', headers: { 'x-forwarded-for': '8.8.8.8' } });
    expect(r.json().data.ip).toBe('127.0.0.1');
  });

  it('classifies private and public addresses', () => {
    for (const ip of [
      '127.0.0.1',
      '::1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.1',
      '192.168.1.1',
      '::ffff:192.168.0.2',
      'fd00::1',
      'fe80::1',
    ]) {
      expect(isLocalAddress(ip), ip).toBe(true);
    }
    for (const ip of ['8.8.8.8', '172.32.0.1', '2001:db8::1', '::ffff:1.1.1.1']) expect(cityOf(ip), ip).toBe('未知');
  });

  it('stores a visitor page view without a user', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/operation/stat', payload: payload({ pvi: 'visitor1' }) });
    expect(r.json()).toMatchObject({ code: 200, success: true });
    const rows = await t.db.query<any>(
      `SELECT user_id, payload, ip FROM page_views WHERE payload->>'pvi' = 'visitor1'`,
    );
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0].user_id).toBeNull();
    expect(rows.rows[0].ip).toBe('127.0.0.1');
    expect(rows.rows[0].payload).toMatchObject({ url: 'http://127.0.0.1/ablum/1', addr: '本地', device: 'pc' });
  });

  it('stores user_id when the Authorization token is valid, none when it is not', async () => {
    const u = await makeUser(t.db);
    await t.app.inject({
      method: 'POST',
      url: '/api/operation/stat',
      headers: u.auth,
      payload: payload({ pvi: 'member1' }),
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/operation/stat',
      headers: { authorization: 'bogus' },
      payload: payload({ pvi: 'bogus1' }),
    });
    const rows = await t.db.query<any>(
      `SELECT user_id, payload->>'pvi' AS pvi FROM page_views WHERE payload->>'pvi' IN ('member1','bogus1') ORDER BY id`,
    );
    expect(rows.rows.map((x: any) => [x.pvi, x.user_id === null ? null : Number(x.user_id)])).toEqual([
      ['member1', u.id],
      ['bogus1', null],
    ]);
  });

  it('rejects payloads that break the schema with a Chinese message and stores nothing', async () => {
    const before = await t.db.query<any>('SELECT count(*)::int AS n FROM page_views');
    const cases = [
      { url: 'http://x/' }, // pvi missing
      payload({ pvi: '../../etc' }),
      { ...payload(), extra: '1' },
      payload({ url: 'x'.repeat(3000) }),
    ];
    for (const body of cases) {
      const r = await t.app.inject({ method: 'POST', url: '/api/operation/stat', payload: body });
      expect(r.statusCode).toBe(400);
      expect(r.json().success).toBe(false);
      expect(r.json().msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    const after = await t.db.query<any>('SELECT count(*)::int AS n FROM page_views');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('names the fields by their Chinese titles in validation messages', async () => {
    const stat = (body: object) =>
      t.app.inject({ method: 'POST', url: '/api/operation/stat', payload: body }).then((r) => r.json().msg);
    expect(await stat({ url: 'http://x/' })).toBe('请填写访客标识');
    expect(await stat(payload({ pvi: '../../etc' }))).toBe('访客标识格式不正确');
    expect(await stat(payload({ url: 'x'.repeat(3000) }))).toBe('页面地址长度不能超过2048个字符');
  });

  it('lists the latest page views (test mode only), filtered by visitor', async () => {
    const r = await t.app.inject('/api/operation/recent?pvi=visitor1');
    expect(r.json().data.list).toHaveLength(1);
    expect(r.json().data.list[0].payload.pvi).toBe('visitor1');
  });

  it('rate-limits stat per client address', async () => {
    const remoteAddress = '203.0.113.9';
    // Invalid bodies count too (the limit runs before validation) and write nothing.
    for (let i = 0; i < STAT_RATE_LIMIT; i++) {
      await t.app.inject({ method: 'POST', url: '/api/operation/stat', remoteAddress, payload: {} });
    }
    const r = await t.app.inject({ method: 'POST', url: '/api/operation/stat', remoteAddress, payload: payload() });
    expect(r.statusCode).toBe(429);
    expect(r.json()).toMatchObject({ success: false, msg: '操作过于频繁，请稍后再试' });
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/operation/stat',
      payload: payload({ pvi: 'other' }),
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('page-view listing outside test mode', () => {
  const recent = async (env: Record<string, string>) => {
    const t = await makeTestApp(env);
    try {
      return await t.app.inject('/api/operation/recent');
    } finally {
      await t.close();
    }
  };

  it('is refused in production and in development (it shows visitor IPs and ids)', async () => {
    for (const NODE_ENV of ['production', 'development']) {
      const r = await recent({ NODE_ENV });
      expect(r.statusCode, NODE_ENV).toBe(404);
      expect(r.json()).toMatchObject({ success: false, msg: '接口不存在' });
    }
  });

  it('is served in development with EXPOSE_PAGE_VIEWS=1 (the browser-test server)', async () => {
    const r = await recent({ NODE_ENV: 'development', EXPOSE_PAGE_VIEWS: '1' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ success: true, data: { list: [] } });
  });
});
