import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { call } from '../../helpers/trade.js';
import type { Db } from '../../../server/src/db/index.js';

describe('/api/collective: join, choose pool works, share pool revenue by the schema formula, leave with notice', () => {
  let app: FastifyInstance;
  let db: Db;
  let close: () => Promise<void>;
  let alice: Awaited<ReturnType<typeof makeUser>>;
  let bob: Awaited<ReturnType<typeof makeUser>>;
  let buyer: Awaited<ReturnType<typeof makeUser>>;
  let staff: Awaited<ReturnType<typeof makeUser>>;
  const work = async (ownerId: number, status = 1) =>
    Number(
      (
        await db.query<{ id: number }>(
          `INSERT INTO materials(type, title, owner_id, status, price_cents) VALUES (1, '作品', $1, $2, 1000) RETURNING id`,
          [ownerId, status],
        )
      ).rows[0].id,
    );
  beforeAll(async () => {
    ({ app, db, close } = await makeTestApp());
    alice = await makeUser(db, { roles: ['buyer', 'creator'] });
    bob = await makeUser(db, { roles: ['buyer', 'creator'] });
    buyer = await makeUser(db);
    staff = await makeUser(db, { roles: ['buyer', 'staff'] });
  });
  afterAll(() => close());

  it('a creator joins once, after agreeing; a buyer cannot', async () => {
    expect((await call(app, 'POST', '/api/collective/join', alice.auth, {})).status).toBe(400);
    expect((await call(app, 'POST', '/api/collective/join', buyer.auth, { agree: true })).status).toBe(403);
    const [a, b] = await Promise.all([
      call(app, 'POST', '/api/collective/join', alice.auth, { agree: true }),
      call(app, 'POST', '/api/collective/join', alice.auth, { agree: true }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await call(app, 'POST', '/api/collective/join', bob.auth, { agree: true })).status).toBe(200);
  });

  it('only own approved works go into the pool, up to the rule', async () => {
    const a1 = await work(alice.id);
    const bobs = [await work(bob.id), await work(bob.id)];
    const pending = await work(alice.id, 0);
    expect((await call(app, 'PUT', '/api/collective/works', alice.auth, { materialIds: [a1, bobs[0]] })).body.msg).toBe(
      '只能选择您本人已审核通过的作品',
    );
    expect((await call(app, 'PUT', '/api/collective/works', alice.auth, { materialIds: [pending] })).status).toBe(400);
    expect((await call(app, 'PUT', '/api/collective/works', alice.auth, { materialIds: [a1] })).status).toBe(200);
    expect((await call(app, 'PUT', '/api/collective/works', bob.auth, { materialIds: bobs })).status).toBe(200);
    const me = (await call(app, 'GET', '/api/collective/me', alice.auth)).body.data;
    expect(me.works.filter((w: { inPool: boolean }) => w.inPool).map((w: { id: number }) => w.id)).toEqual([a1]);
    expect((await call(app, 'PUT', '/api/collective/works', buyer.auth, { materialIds: [] })).body.msg).toBe(
      '请先加入集体版权计划',
    );
  });

  it('staff record pool income once per reference; members share 70% by works in the pool, rounded down', async () => {
    const form = { reference: 'PLAT-2026-001', licensee: '某短视频平台', amount: 10000.01 };
    expect((await call(app, 'POST', '/api/collective/admin/revenue', alice.auth, form)).status).toBe(403);
    const r = await call(app, 'POST', '/api/collective/admin/revenue', staff.auth, form);
    expect(r.status).toBe(200);
    // 1,000,001 cents, 30% to the platform: 700,000 distributable (rounded down); alice 1 of 3 works, bob 2 of 3.
    expect(r.body.data).toMatchObject({ distributableCents: 700_000, totalWorks: 3, replayed: false });
    const again = await call(app, 'POST', '/api/collective/admin/revenue', staff.auth, form);
    expect(again.body).toMatchObject({ msg: '该凭证号已记录过，未重复分配', data: { replayed: true } });
    const shares = (
      await db.query('SELECT user_id, works, amount_cents FROM collective_shares ORDER BY user_id')
    ).rows.map((x) => [Number(x.user_id), x.works, Number(x.amount_cents)]);
    expect(shares).toEqual([
      [alice.id, 1, 233_333],
      [bob.id, 2, 466_666],
    ]);
    expect((await call(app, 'GET', '/api/collective/me', bob.auth)).body.data.totalShareCents).toBe(466_666);
    expect((await call(app, 'GET', '/api/collective/plan')).body.data).toMatchObject({
      members: 2,
      works: 3,
      revenueCents: 1_000_001,
      rule: { platformPercent: 30 },
    });
  });

  it('leaving starts the notice: works still share until it ends, cannot change; then the member is out', async () => {
    const left = await call(app, 'POST', '/api/collective/leave', bob.auth);
    expect(left.status).toBe(200);
    expect((Date.parse(left.body.data.leavesAt) - Date.now()) / 86_400_000).toBeGreaterThan(29.9);
    expect((await call(app, 'POST', '/api/collective/leave', bob.auth)).status).toBe(409);
    expect((await call(app, 'PUT', '/api/collective/works', bob.auth, { materialIds: [] })).body.msg).toBe(
      '退出通知期内不能调整入池作品',
    );
    await call(app, 'POST', '/api/collective/admin/revenue', staff.auth, {
      reference: 'PLAT-2026-002',
      licensee: '某平台',
      amount: 30,
    });
    expect(
      (
        await db.query(
          `SELECT count(*)::int AS n FROM collective_shares s JOIN collective_revenue r ON r.id = s.revenue_id WHERE r.reference = 'PLAT-2026-002'`,
        )
      ).rows[0].n,
    ).toBe(2);

    // The notice ends: bob no longer shares and may join again with an empty pool.
    await db.query(`UPDATE collective_members SET leaves_at = now() - interval '1 second' WHERE user_id = $1`, [
      bob.id,
    ]);
    const r = await call(app, 'POST', '/api/collective/admin/revenue', staff.auth, {
      reference: 'PLAT-2026-003',
      licensee: '某平台',
      amount: 100,
    });
    expect(r.body.data.shares).toEqual([{ userId: alice.id, works: 1, amountCents: 7000 }]);
    expect((await call(app, 'POST', '/api/collective/join', bob.auth, { agree: true })).status).toBe(200);
    expect(
      (await call(app, 'GET', '/api/collective/me', bob.auth)).body.data.works.some(
        (w: { inPool: boolean }) => w.inPool,
      ),
    ).toBe(false);
  });

  it('a member in notice may stay after all', async () => {
    await call(app, 'POST', '/api/collective/leave', alice.auth);
    expect((await call(app, 'POST', '/api/collective/leave/cancel', alice.auth)).status).toBe(200);
    expect((await call(app, 'GET', '/api/collective/me', alice.auth)).body.data.member).toMatchObject({
      active: true,
      leavesAt: null,
    });
  });
});
