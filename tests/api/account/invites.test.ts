import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { call, makeMaterial } from '../../helpers/trade.js';
import { credit } from '../../../server/src/repositories/wallet.js';
import { insertVersion } from '../../../server/src/repositories/schema-versions.js';

describe("invitations: the invitee's first purchase rewards the inviter once, a refund reverses it", () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let inviter: Awaited<ReturnType<typeof makeUser>>;
  let staff: Awaited<ReturnType<typeof makeUser>>;

  beforeAll(async () => {
    t = await makeTestApp();
    inviter = await makeUser(t.db);
    staff = await makeUser(t.db, { roles: ['buyer', 'staff'] });
  });
  afterAll(() => t?.close());

  /** A user registered through `by`'s link (registration stores the link's inviteId on the user). */
  const invitee = async (by: number | 'self', fields: { owner_type?: string; company_name?: string } = {}) => {
    const u = await makeUser(t.db, fields);
    await t.db.query('UPDATE users SET invite_id = $2 WHERE id = $1', [u.id, String(by === 'self' ? u.id : by)]);
    await credit(t.db, u.id, 1_000_000, 'recharge', 'test');
    return u;
  };
  const buy = async (u: { auth: { authorization: string } }) => {
    const mat = await makeMaterial(t.app, t.db, { priceCents: 3000 });
    const o = (
      await call(t.app, 'POST', '/api/trade/order', u.auth, {
        from: 'direct',
        items: [{ materialId: mat, scenario: 'personal_media' }],
      })
    ).body.data;
    expect((await call(t.app, 'POST', '/api/trade/pay/wallet', u.auth, { orderId: o.id })).status).toBe(200);
    return o as { id: number; orderNo: string };
  };
  const rewards = async (userId: number) =>
    (
      await t.db.query(
        `SELECT kind, amount_cents FROM wallet_transactions WHERE user_id = $1 AND kind IN ('invite_reward', 'invite_reversal') ORDER BY id`,
        [userId],
      )
    ).rows.map((r) => [r.kind, Number(r.amount_cents)]);

  it('credits once per invitee: personal and company amounts from lumen:earnings/invite', async () => {
    const friend = await invitee(inviter.id);
    await buy(friend);
    await buy(friend);
    const company = await invitee(inviter.id, { owner_type: 'ORGANISATIONS', company_name: '晨光影像有限公司' });
    await Promise.all([buy(company), buy(company)]);
    expect(await rewards(inviter.id)).toEqual([
      ['invite_reward', 1000],
      ['invite_reward', 5000],
    ]);
    const meRes = await call(t.app, 'GET', '/api/user/invite', inviter.auth);
    const me = meRes.body.data;
    expect(me, JSON.stringify(meRes.body)).not.toBeNull();
    expect(me).toMatchObject({ inviteId: String(inviter.id), invited: 2, rewarded: 2, rewardCents: 6000 });
    expect(me.link).toMatch(new RegExp(`/\\?inviteId=${inviter.id}$`));
    const list = (await call(t.app, 'GET', '/api/user/invited/list', inviter.auth)).body.data;
    expect(list.total).toBe(2);
    expect(list.list.map((r: any) => [r.status, Number(r.reward_cents)]).sort()).toEqual([
      [1, 1000],
      [1, 5000],
    ]);
    expect(list.list[0].phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    // Someone else's list does not show them.
    expect((await call(t.app, 'GET', '/api/user/invited/list', staff.auth)).body.data.total).toBe(0);
  });

  it('pays the amounts staff saved last, not the bundled ones', async () => {
    const current = (await import('../../../src/schemas/index.js')).schemas['lumen:earnings/invite'] as Record<
      string,
      any
    >;
    const edited = { ...current, 'x-reward-cents': { personal: 1234, company: 5000 } };
    expect(
      await insertVersion(t.db, {
        schemaId: 'lumen:earnings/invite',
        expected: 0,
        body: edited,
        authorId: staff.id,
        note: '测试改奖励',
        diff: [],
      }),
    ).toBe(1);
    const other = await makeUser(t.db);
    const friend = await invitee(other.id);
    await buy(friend);
    expect(await rewards(other.id)).toEqual([['invite_reward', 1234]]);
    await t.db.query("DELETE FROM schema_versions WHERE schema_id = 'lumen:earnings/invite'");
  });

  it('never rewards a self-invite', async () => {
    const selfish = await invitee('self');
    await buy(selfish);
    expect(await rewards(selfish.id)).toEqual([]);
  });

  it('reverses the reward when the first order is refunded, once', async () => {
    const other = await makeUser(t.db);
    const friend = await invitee(other.id);
    const first = await buy(friend);
    expect(await rewards(other.id)).toEqual([['invite_reward', 1000]]);
    for (let i = 0; i < 2; i++) {
      const r = await call(t.app, 'POST', '/api/admin/refunds/order', staff.auth, {
        orderNo: first.orderNo,
        reason: '重复购买',
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    expect(await rewards(other.id)).toEqual([
      ['invite_reward', 1000],
      ['invite_reversal', -1000],
    ]);
    const balance = Number(
      (await t.db.query('SELECT balance_cents FROM users WHERE id = $1', [other.id])).rows[0].balance_cents,
    );
    expect(balance).toBe(0);
    const list = (await call(t.app, 'GET', '/api/user/invited/list', other.auth)).body.data.list;
    expect(list[0].status).toBe(2);
    // A later purchase of the same invitee is not a first purchase: no new reward.
    await buy(friend);
    expect(await rewards(other.id)).toHaveLength(2);
  });
});
