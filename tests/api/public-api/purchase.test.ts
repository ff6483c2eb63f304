import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { call, makeMaterial } from '../../helpers/trade.js';
import { createKey, sdkFor } from '../../helpers/sdk.js';
import { createSession } from '../../../server/src/repositories/sessions.js';
import { newIdempotencyKey } from '../../../packages/sdk/src/index.js';

const SCENARIO = 'enterprise_new_media';

/** Licence purchase with a key: wallet payment, Idempotency-Key, download link, sub-account budgets. */
describe('public API: purchase, idempotency, download, budgets', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let buyer: Awaited<ReturnType<typeof makeUser>>;
  let secret: string;
  beforeAll(async () => {
    t = await makeTestApp();
    buyer = await makeUser(t.db, { owner_type: 'ORGANISATIONS', company_name: '采购测试公司' });
    await t.db.query('UPDATE users SET balance_cents = 1000000 WHERE id = $1', [buyer.id]);
    secret = (await createKey(t.app, buyer.auth, { scopes: ['licences:purchase', 'licences:download', 'orders:read'] }))
      .secret;
  });
  afterAll(() => t.close());

  const balance = async (id: number) =>
    Number((await t.db.query('SELECT balance_cents FROM users WHERE id = $1', [id])).rows[0].balance_cents);
  const paidOrders = async (userId: number) =>
    Number(
      (await t.db.query(`SELECT count(*)::int AS n FROM orders WHERE user_id = $1 AND status = 'paid'`, [userId]))
        .rows[0].n,
    );
  const buy = (key: string, materialId: number, idem = newIdempotencyKey()) =>
    sdkFor(t.app, key).POST('/api/v1/licences', {
      params: { header: { 'idempotency-key': idem } },
      body: { items: [{ materialId, scenario: SCENARIO }] },
    });

  it('pays from the wallet and issues the licence; the download link fetches the original', async () => {
    const mat = await makeMaterial(t.app, t.db, { original: Buffer.from('original bytes') });
    const before = await balance(buyer.id);
    const r = await buy(secret, mat);
    expect(r.response.status).toBe(200);
    expect(r.data?.data).toMatchObject({ status: 'paid', paidFrom: 'wallet' });
    expect(await balance(buyer.id)).toBe(before - r.data!.data.amountCents);
    const link = await sdkFor(t.app, secret).GET('/api/v1/licences/{id}/download', {
      params: { path: { id: mat } },
    });
    expect(link.data?.data.expiresIn).toBe(300);
    const file = await t.app.inject(new URL(link.data!.data.url).pathname);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('original bytes');
    const unlicensed = await makeMaterial(t.app, t.db);
    const refused = await sdkFor(t.app, secret).GET('/api/v1/licences/{id}/download', {
      params: { path: { id: unlicensed } },
    });
    expect(refused.response.status).toBe(403);
    expect(refused.error).toMatchObject({ data: { error: 'forbidden' } });
  });

  it('a retried purchase with the same Idempotency-Key charges once and answers the same', async () => {
    const mat = await makeMaterial(t.app, t.db);
    const before = await balance(buyer.id);
    const idem = newIdempotencyKey();
    const first = await buy(secret, mat, idem);
    const again = await buy(secret, mat, idem);
    expect(again.response.status).toBe(200);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data).toEqual(first.data);
    expect(await balance(buyer.id)).toBe(before - first.data!.data.amountCents);
  });

  it('ten identical purchases in parallel charge once', async () => {
    const mat = await makeMaterial(t.app, t.db);
    const before = await balance(buyer.id);
    const paidBefore = await paidOrders(buyer.id);
    const idem = newIdempotencyKey();
    const all = await Promise.all(Array.from({ length: 10 }, () => buy(secret, mat, idem)));
    expect(all.map((r) => r.response.status)).toEqual(Array(10).fill(200));
    expect(new Set(all.map((r) => r.data!.data.orderId)).size).toBe(1);
    expect(await paidOrders(buyer.id)).toBe(paidBefore + 1);
    expect(await balance(buyer.id)).toBe(before - all[0].data!.data.amountCents);
  });

  it('the same Idempotency-Key with another body is a 422; none at all is a 400', async () => {
    const [a, b] = [await makeMaterial(t.app, t.db), await makeMaterial(t.app, t.db)];
    const idem = newIdempotencyKey();
    expect((await buy(secret, a, idem)).response.status).toBe(200);
    const other = await buy(secret, b, idem);
    expect(other.response.status).toBe(422);
    expect(other.error).toMatchObject({ data: { error: 'idempotency_key_reused' } });
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/v1/licences',
      headers: { authorization: `Bearer ${secret}` },
      payload: { items: [{ materialId: b, scenario: SCENARIO }] },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it("a sub-account's key cannot spend the company wallet beyond its monthly budget, even in parallel", async () => {
    const sub = await call(t.app, 'POST', '/api/user/sub-accounts', buyer.auth, {
      phone: `136${String(Date.now()).slice(-8)}`,
      nickname: '采购小李',
      role: 'buyer',
      monthlyLimit: 100000,
    });
    const subAuth = { authorization: await createSession(t.db, Number(sub.body.data.userId)) };
    const mats = await Promise.all(Array.from({ length: 6 }, () => makeMaterial(t.app, t.db, { priceCents: 2000 })));
    const price = (await buy(secret, mats[0])).data!.data.amountCents; // the company's own purchase prices one
    const key = await createKey(t.app, subAuth, {
      scopes: ['licences:purchase'],
      monthlySpend: (price * 2) / 100,
    });
    const before = await balance(buyer.id);
    const all = await Promise.all(mats.slice(1).map((m) => buy(key.secret, m)));
    const statuses = all.map((r) => r.response.status).sort();
    expect(statuses).toEqual([200, 200, 429, 429, 429]);
    for (const r of all.filter((x) => x.response.status === 429)) {
      expect(r.error).toMatchObject({ data: { error: 'spend_limit' } });
      expect(Number(r.response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(all.filter((r) => r.response.status === 200).map((r) => r.data!.data.paidFrom)).toEqual([
      'company_wallet',
      'company_wallet',
    ]);
    expect(await balance(buyer.id)).toBe(before - 2 * price);
    // Refused purchases leave no order waiting for payment.
    const pending = await t.db.query(
      `SELECT count(*)::int AS n FROM orders WHERE user_id = $1 AND status = 'pending'`,
      [Number(sub.body.data.userId)],
    );
    expect(pending.rows[0].n).toBe(0);
  });

  it('a key with a daily licence limit issues exactly that many under parallel calls', async () => {
    const key = await createKey(t.app, buyer.auth, { scopes: ['licences:purchase'], dailyLicences: 3 });
    const mats = await Promise.all(Array.from({ length: 8 }, () => makeMaterial(t.app, t.db)));
    const all = await Promise.all(mats.map((m) => buy(key.secret, m)));
    expect(all.filter((r) => r.response.status === 200)).toHaveLength(3);
    const refused = all.filter((r) => r.response.status === 429);
    expect(refused).toHaveLength(5);
    for (const r of refused) expect(r.error).toMatchObject({ data: { error: 'licence_limit' } });
  });
});
