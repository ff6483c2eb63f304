import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { call } from '../../helpers/trade.js';
import { payProviders } from '../../../server/src/adapters/pay/index.js';

type T = Awaited<ReturnType<typeof makeTestApp>>;
type U = Awaited<ReturnType<typeof makeUser>>;

describe('wallet top-up through the pay sandbox: schema limits, one credit per payment', () => {
  let t: T;
  let providers: ReturnType<typeof payProviders>;
  beforeAll(async () => {
    t = await makeTestApp();
    providers = payProviders(t.app.config, t.db);
  });
  afterAll(() => t.close());

  const topUp = (u: U, amount: number, provider = 'wechat') =>
    call(t.app, 'POST', '/api/wallet/topup', u.auth, { amount, provider });
  const balance = async (u: U) => (await call(t.app, 'GET', '/api/wallet/info', u.auth)).body.data.balanceCents;
  const notify = (provider: 'wechat' | 'alipay', body: Record<string, unknown>) =>
    call(t.app, 'POST', `/api/trade/pay/notify/${provider}`, undefined, body);

  it('refuses amounts outside the schema limits in Chinese, and visitors', async () => {
    const u = await makeUser(t.db);
    for (const amount of [0.5, 5000.01, 10.001]) {
      const r = await topUp(u, amount);
      expect(r.status).toBe(400);
      expect(r.body.msg).toMatch(/充值金额|小数/);
    }
    expect((await topUp(u, 10, 'paypal')).status).toBe(400);
    expect((await call(t.app, 'POST', '/api/wallet/topup', undefined, { amount: 10, provider: 'wechat' })).status).toBe(
      401,
    );
  });

  it('the verified callback credits the wallet once; replays, re-sent notifications and wrong amounts add nothing', async () => {
    const u = await makeUser(t.db);
    const r = await topUp(u, 100);
    expect(r.status).toBe(200);
    expect(r.body.data.payUrl).toContain('/dev/pay?');
    const no = r.body.data.topupNo as string;
    expect((await call(t.app, 'GET', `/api/wallet/topup/${no}`, u.auth)).body.data.status).toBe('pending');

    const wrong = providers.wechat.buildNotification(no, 1, 'SUCCESS');
    await notify('wechat', wrong);
    expect(await balance(u)).toBe(0);

    const n = providers.wechat.buildNotification(no, 10000, 'SUCCESS');
    expect((await notify('wechat', n)).status).toBe(200);
    expect((await notify('wechat', n)).status).toBe(200);
    await notify(
      'wechat',
      providers.wechat.buildNotification(no, 10000, 'SUCCESS', { transactionId: String(n.transactionId) }),
    );
    await notify('wechat', providers.wechat.buildNotification(no, 10000, 'SUCCESS'));
    expect(await balance(u)).toBe(10000);
    expect((await call(t.app, 'GET', `/api/wallet/topup/${no}`, u.auth)).body.data.status).toBe('paid');
    const list = (await call(t.app, 'GET', '/api/wallet/list?kind=recharge', u.auth)).body.data;
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ amountCents: 10000, balanceAfter: 10000, kind: 'recharge' });
    expect(list.list[0].note).toContain(no);
    expect(
      (await t.db.query(`SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND kind = 'wallet'`, [u.id]))
        .rows[0].n,
    ).toBe(1);

    const other = await makeUser(t.db);
    expect((await call(t.app, 'GET', `/api/wallet/topup/${no}`, other.auth)).status).toBe(404);
  });

  it('a callback from the other provider than the one chosen credits nothing', async () => {
    const u = await makeUser(t.db);
    const no = (await topUp(u, 20, 'alipay')).body.data.topupNo;
    await notify('wechat', providers.wechat.buildNotification(no, 2000, 'SUCCESS'));
    expect(await balance(u)).toBe(0);
    await notify('alipay', providers.alipay.buildNotification(no, 2000, 'SUCCESS'));
    expect(await balance(u)).toBe(2000);
  });

  it('the daily cap of the schema (x-daily-max) holds under parallel requests', async () => {
    const u = await makeUser(t.db);
    const results = await Promise.all(Array.from({ length: 6 }, () => topUp(u, 5000)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(4);
    const refused = results.find((r) => r.status === 400)!;
    expect(refused.body.msg).toContain('今日充值已达上限');
    expect((await topUp(u, 1)).status).toBe(400);
  });
});
