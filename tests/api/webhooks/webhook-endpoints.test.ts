import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { call } from '../../helpers/trade.js';
import { startReceiver } from '../../helpers/webhook-receiver.js';
import { allowLoopbackPort, deliverAll } from '../../helpers/webhook-jobs.js';

/** Endpoints: the egress policy at creation, the form's rules, edits, secrets at rest, and ownership. */
describe('webhooks: endpoints', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let rx: Awaited<ReturnType<typeof startReceiver>>;
  let undoAllow: () => void;
  let owner: Awaited<ReturnType<typeof makeUser>>;
  let other: Awaited<ReturnType<typeof makeUser>>;
  beforeAll(async () => {
    t = await makeTestApp();
    rx = await startReceiver();
    undoAllow = allowLoopbackPort(rx.port);
    owner = await makeUser(t.db);
    other = await makeUser(t.db);
  });
  afterAll(async () => {
    undoAllow?.();
    await rx?.close();
    await t?.close();
  });
  const create = (url: string, events = ['order.paid'], who = owner) =>
    call(t.app, 'POST', '/api/user/webhooks', who.auth, { url, events, description: '订单系统' });

  it.each([
    'http://127.0.0.1/hook',
    'http://localhost:80/hook',
    'http://10.0.0.5/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]/hook',
    'http://0x7f000001/hook',
  ])('refuses an inner or loopback address in Chinese: %s', async (url) => {
    const r = await create(url);
    expect(r.status).toBe(400);
    expect(r.body.msg).toMatch(/无法访问该网址.*内网、本机/);
    expect(r.body.data.fieldErrors['/url']).toBe(r.body.msg);
  });

  it('refuses what the form refuses, with the form’s words', async () => {
    expect((await create('ftp://example.com/x')).body.msg).toBe('请输入以 https:// 开头的完整网址');
    const none = await create(rx.url('/x'), []);
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('请至少选择一个事件');
    expect((await create(rx.url('/x'), ['order.shipped'])).status).toBe(400);
    expect((await create('https://user:pw@example.com/x')).body.msg).toBe('Webhook 地址中不能包含用户名或密码');
  });

  it('creates an endpoint with a secret shown once and sealed at rest', async () => {
    const r = await create(rx.url('/hook'), ['order.paid', 'refund.completed']);
    expect(r.status).toBe(200);
    const { endpoint, secret } = r.body.data;
    expect(endpoint).toMatchObject({ url: rx.url('/hook'), events: ['order.paid', 'refund.completed'], enabled: true });
    expect(endpoint.secretHint).toBe(secret.slice(-4));
    const list = await call(t.app, 'GET', '/api/user/webhooks', owner.auth);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    const row = (await t.db.query('SELECT secret_box FROM webhook_endpoints WHERE id = $1', [endpoint.id])).rows[0];
    expect(row.secret_box).not.toContain(secret.slice(6));
  });

  it('edits events and description, keeps the address, enables and disables', async () => {
    const { endpoint } = (await create(rx.url('/edit'))).body.data;
    const put = await call(t.app, 'PUT', `/api/user/webhooks/${endpoint.id}`, owner.auth, {
      url: endpoint.url,
      events: ['withdrawal.paid'],
      description: '财务',
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ events: ['withdrawal.paid'], description: '财务', url: endpoint.url });
    const moved = await call(t.app, 'PUT', `/api/user/webhooks/${endpoint.id}`, owner.auth, {
      url: rx.url('/elsewhere'),
      events: ['withdrawal.paid'],
    });
    expect(moved.status).toBe(400);
    const off = await call(t.app, 'POST', `/api/user/webhooks/${endpoint.id}/disable`, owner.auth);
    expect(off.body.data.enabled).toBe(false);
    expect((await call(t.app, 'POST', `/api/user/webhooks/${endpoint.id}/test`, owner.auth)).status).toBe(409);
    const on = await call(t.app, 'POST', `/api/user/webhooks/${endpoint.id}/enable`, owner.auth);
    expect(on.body.data.enabled).toBe(true);
  });

  it('another account cannot see, edit, resend to, test or delete my endpoint', async () => {
    const { endpoint } = (await create(rx.url('/mine'))).body.data;
    await call(t.app, 'POST', `/api/user/webhooks/${endpoint.id}/test`, owner.auth);
    await deliverAll(t);
    const mine = await call(t.app, 'GET', `/api/user/webhooks/${endpoint.id}/deliveries`, owner.auth);
    const delivery = mine.body.data.list[0];
    expect(delivery.status).toBe('succeeded');

    const base = `/api/user/webhooks/${endpoint.id}`;
    expect((await call(t.app, 'GET', '/api/user/webhooks', other.auth)).body.data).toEqual([]);
    for (const [method, url, body] of [
      ['GET', `${base}/deliveries`],
      ['POST', `/api/user/webhooks/deliveries/${delivery.id}/resend`],
      ['POST', `${base}/test`],
      ['POST', `${base}/rotate-secret`],
      ['POST', `${base}/disable`],
      ['PUT', base, { url: endpoint.url, events: ['order.paid'] }],
      ['DELETE', base],
    ] as const) {
      const r = await call(t.app, method, url, other.auth, body);
      expect(r.status, `${method} ${url}`).toBe(404);
      expect(r.body.msg).toMatch(/^(Webhook 地址|投递记录)不存在$/);
    }
    // Nothing was resent by those calls: still the one delivery.
    expect((await call(t.app, 'GET', `${base}/deliveries`, owner.auth)).body.data.total).toBe(1);
    expect((await call(t.app, 'GET', '/api/user/webhooks', undefined)).status).toBe(401);

    expect((await call(t.app, 'DELETE', base, owner.auth)).status).toBe(200);
    expect((await call(t.app, 'GET', `${base}/deliveries`, owner.auth)).status).toBe(404);
  });
});
