import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { call, makeMaterial } from '../../helpers/trade.js';
import type { Db } from '../../../server/src/db/index.js';

type U = Awaited<ReturnType<typeof makeUser>>;

describe('/community/api/demands: escrow is held until the buyer accepts a delivery, released once, to the right people', () => {
  let app: FastifyInstance;
  let db: Db;
  let close: () => Promise<void>;
  let buyer: U;
  let creator: U;
  let rival: U;
  let stranger: U;
  let staff: U;
  const balance = async (u: U) =>
    Number((await db.query('SELECT balance_cents AS b FROM users WHERE id = $1', [u.id])).rows[0].b);
  const ledger = async (u: U) =>
    (
      await db.query(
        `SELECT kind, amount_cents::int AS amount FROM wallet_transactions WHERE user_id = $1 ORDER BY id`,
        [u.id],
      )
    ).rows;
  const work = async (u: U, title: string, type = 1) => {
    const id = await makeMaterial(app, db, { title, type });
    await db.query('UPDATE materials SET owner_id = $2 WHERE id = $1', [id, u.id]);
    return id;
  };
  const tomorrow = () => new Date(Date.now() + 8 * 3600_000 + 86_400_000).toISOString().slice(0, 10);
  const demand = (extra: object = {}) => ({
    title: '城市延时摄影素材',
    description: '需要上海陆家嘴日转夜延时，4K，30秒以上',
    materialType: 1,
    scenario: 'personal_media',
    mode: 'bounty',
    budget: 800,
    deadline: tomorrow(),
    ...extra,
  });
  const post = (u: U, body: object) => call(app, 'POST', '/community/api/demands', u.auth, body);

  beforeAll(async () => {
    ({ app, db, close } = await makeTestApp());
    buyer = await makeUser(db, { phone: '13833330001' });
    creator = await makeUser(db, { phone: '13833330002', roles: ['buyer', 'creator'] });
    rival = await makeUser(db, { phone: '13833330003', roles: ['buyer', 'creator'] });
    stranger = await makeUser(db, { phone: '13833330004' });
    staff = await makeUser(db, { phone: '13833330005', roles: ['buyer', 'staff'] });
    await db.query('UPDATE users SET balance_cents = 100000 WHERE id = $1', [buyer.id]);
  });
  afterAll(() => close());

  it('bounty: the reward is escrowed once per request, even when the form is sent twice at once; a short wallet posts nothing', async () => {
    expect((await post(buyer, demand({ budget: 5000 }))).body.msg).toBe('钱包余额不足以托管赏金，请先充值');
    expect((await call(app, 'GET', '/community/api/demands')).body.data.total).toBe(0);
    expect((await post(buyer, demand({ deadline: '2020-01-01' }))).status).toBe(400);
    expect((await post(buyer, demand({ scenario: 'film_tv' }))).status).toBe(403); // a personal account cannot hold enhanced licences
    const key = 'demand-key-0001';
    const [a, b] = await Promise.all([
      post(buyer, demand({ requestKey: key })),
      post(buyer, demand({ requestKey: key })),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.id).toBe(b.body.data.id);
    expect(await balance(buyer)).toBe(100000 - 80000);
    expect(await ledger(buyer)).toEqual([{ kind: 'escrow', amount: -80000 }]);
    const list = (await call(app, 'GET', '/community/api/demands?mode=bounty&keyword=陆家嘴')).body.data;
    expect(list.list).toEqual([
      expect.objectContaining({ id: a.body.data.id, status: 'open', budgetCents: 80000, level: 'personal' }),
    ]);
    // The escrow's transaction is the buyer's business: not in the public list or detail, in theirs.
    expect(list.list[0]).not.toHaveProperty('escrowTxId');
    expect(
      (await call(app, 'GET', '/community/api/demands?mode=bounty&keyword=陆家嘴', stranger.auth)).body.data.list[0],
    ).not.toHaveProperty('escrowTxId');
    expect(
      (await call(app, 'GET', '/community/api/demands?mode=bounty&keyword=陆家嘴', buyer.auth)).body.data.list[0]
        .escrowTxId,
    ).toEqual(expect.any(Number));
    expect(
      (await call(app, 'GET', `/community/api/demands/${a.body.data.id}`, stranger.auth)).body.data,
    ).not.toHaveProperty('escrowTxId');
  });

  it('creators respond with own works only; pick, deliver and accept are each for their party; the escrow moves only on acceptance, once', async () => {
    const id = (await call(app, 'GET', '/community/api/demands')).body.data.list[0].id;
    const mine = await work(creator, '陆家嘴日转夜 4K');
    const theirs = await work(rival, '外滩夜景');
    expect(
      (
        await call(app, 'POST', `/community/api/demands/${id}/responses`, stranger.auth, {
          kind: 'proposal',
          message: '我可以拍',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(app, 'POST', `/community/api/demands/${id}/responses`, creator.auth, {
          kind: 'work',
          materialId: theirs,
          message: '推荐这件',
        })
      ).status,
    ).toBe(400);
    const resp = await call(app, 'POST', `/community/api/demands/${id}/responses`, creator.auth, {
      kind: 'work',
      materialId: mine,
      message: '已有现成素材',
    });
    expect(resp.status).toBe(200);
    expect(
      (
        await call(app, 'POST', `/community/api/demands/${id}/responses`, creator.auth, {
          kind: 'proposal',
          message: '再来一次',
        })
      ).status,
    ).toBe(409);
    const rivalResp = await call(app, 'POST', `/community/api/demands/${id}/responses`, rival.auth, {
      kind: 'proposal',
      message: '可以下周实拍',
    });

    expect(
      (await call(app, 'POST', `/community/api/demands/${id}/pick`, creator.auth, { responseId: resp.body.data.id }))
        .status,
    ).toBe(404);
    const picks = await Promise.all([
      call(app, 'POST', `/community/api/demands/${id}/pick`, buyer.auth, { responseId: resp.body.data.id }),
      call(app, 'POST', `/community/api/demands/${id}/pick`, buyer.auth, { responseId: rivalResp.body.data.id }),
    ]);
    expect(picks.map((p) => p.status).sort()).toEqual([200, 409]);
    // Make sure the creator is the one picked for the rest of the test.
    const picked = (await call(app, 'GET', `/community/api/demands/${id}`, buyer.auth)).body.data.pickedCreatorId;
    const winner = picked === creator.id ? creator : rival;
    const winnerWork = winner === creator ? mine : await work(rival, '实拍陆家嘴');
    expect(await balance(winner)).toBe(0);

    // Delivery: only the picked creator, only their own work of the demanded type.
    const loser = winner === creator ? rival : creator;
    expect(
      (await call(app, 'POST', `/community/api/demands/${id}/deliver`, loser.auth, { materialId: winnerWork })).status,
    ).toBe(404);
    expect(
      (
        await call(app, 'POST', `/community/api/demands/${id}/deliver`, winner.auth, {
          materialId: await work(winner, '一张图片', 11),
        })
      ).body.msg,
    ).toBe('该需求需要视频作品');
    expect((await call(app, 'POST', `/community/api/demands/${id}/accept`, buyer.auth)).status).toBe(409);
    expect(await balance(winner)).toBe(0);
    expect(
      (
        await call(app, 'POST', `/community/api/demands/${id}/deliver`, winner.auth, {
          materialId: winnerWork,
          note: '原片已上传',
        })
      ).status,
    ).toBe(200);
    expect(await balance(winner)).toBe(0);
    expect((await call(app, 'POST', `/community/api/demands/${id}/accept`, winner.auth)).status).toBe(404);
    expect((await call(app, 'POST', `/community/api/demands/${id}/cancel`, buyer.auth)).status).toBe(409);

    const accepts = await Promise.all(
      Array.from({ length: 4 }, () => call(app, 'POST', `/community/api/demands/${id}/accept`, buyer.auth)),
    );
    expect(accepts.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await balance(winner)).toBe(80000);
    expect(await ledger(winner)).toEqual([{ kind: 'escrow_release', amount: 80000 }]);
    expect(await balance(buyer)).toBe(20000);

    // The delivered work is now the buyer's licence for the demanded scenario, from an order paid by the escrow.
    const rows = (
      await db.query(
        `SELECT l.material_id, l.scenario, o.status, o.pay_method, o.amount_cents FROM licences l JOIN orders o ON o.id = l.order_id WHERE l.user_id = $1`,
        [buyer.id],
      )
    ).rows;
    expect(
      rows.map((r) => ({ ...r, material_id: Number(r.material_id), amount_cents: Number(r.amount_cents) })),
    ).toEqual([
      {
        material_id: winnerWork,
        scenario: 'personal_media',
        status: 'paid',
        pay_method: 'demand_escrow',
        amount_cents: 80000,
      },
    ]);
    const mineList = (await call(app, 'GET', '/community/api/demands/mine', winner.auth)).body.data.responses;
    expect(mineList).toEqual([expect.objectContaining({ demandId: id, picked: true, demandStatus: 'completed' })]);
  });

  it('bid: quotes above budget are refused; the picked quote is escrowed at picking; cancel refunds an open bounty once', async () => {
    const bid = (await post(buyer, demand({ title: '古风人像图片', materialType: 11, mode: 'bid', budget: 150 }))).body
      .data.id;
    expect(await balance(buyer)).toBe(20000);
    expect(
      (
        await call(app, 'POST', `/community/api/demands/${bid}/responses`, creator.auth, {
          kind: 'proposal',
          message: '汉服实拍',
          price: 200,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(app, 'POST', `/community/api/demands/${bid}/responses`, creator.auth, {
          kind: 'proposal',
          message: '汉服实拍',
        })
      ).body.msg,
    ).toBe('竞标需求请填写报价');
    const r = await call(app, 'POST', `/community/api/demands/${bid}/responses`, creator.auth, {
      kind: 'proposal',
      message: '汉服实拍',
      price: 120,
    });
    await call(app, 'POST', `/community/api/demands/${bid}/pick`, buyer.auth, { responseId: r.body.data.id });
    expect(await balance(buyer)).toBe(20000 - 12000);

    // Dispute freezes the money; staff decide; a second decision moves nothing.
    expect(
      (await call(app, 'POST', `/community/api/demands/${bid}/dispute`, stranger.auth, { reason: '对方迟迟不交付' }))
        .status,
    ).toBe(404);
    expect(
      (await call(app, 'POST', `/community/api/demands/${bid}/dispute`, buyer.auth, { reason: '对方迟迟不交付' }))
        .status,
    ).toBe(200);
    expect(
      (
        await call(app, 'POST', `/community/api/demands/${bid}/deliver`, creator.auth, {
          materialId: await work(creator, '汉服', 11),
        })
      ).status,
    ).toBe(409);
    expect((await call(app, 'GET', '/community/api/admin/disputes', buyer.auth)).status).toBe(403);
    expect(
      (await call(app, 'GET', '/community/api/admin/disputes', staff.auth)).body.data.map((d: any) => d.id),
    ).toEqual([bid]);
    const decisions = await Promise.all([
      call(app, 'POST', `/community/api/admin/demands/${bid}/resolve`, staff.auth, {
        outcome: 'refund',
        note: '创作者未按期交付',
      }),
      call(app, 'POST', `/community/api/admin/demands/${bid}/resolve`, staff.auth, {
        outcome: 'release',
        note: '重复裁决',
      }),
    ]);
    expect(decisions.map((d) => d.status).sort()).toEqual([200, 409]);
    const status = (await call(app, 'GET', `/community/api/demands/${bid}`)).body.data.status;
    expect(await balance(buyer)).toBe(status === 'refunded' ? 20000 : 8000);
    const audit = await db.query(
      `SELECT action, actor_id FROM audit_log WHERE target_type = 'community_demand' AND target_id = $1`,
      [String(bid)],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0].actor_id).toBe(staff.id);

    const bounty = (await post(buyer, demand({ title: '无人机航拍素材', budget: 50 }))).body.data.id;
    const before = await balance(buyer);
    const cancels = await Promise.all([
      call(app, 'POST', `/community/api/demands/${bounty}/cancel`, buyer.auth),
      call(app, 'POST', `/community/api/demands/${bounty}/cancel`, buyer.auth),
    ]);
    expect(cancels.map((c) => c.status).sort()).toEqual([200, 409]);
    expect(await balance(buyer)).toBe(before + 5000);
    expect((await call(app, 'POST', `/community/api/demands/${bounty}/cancel`, stranger.auth)).status).toBe(404);
  });
});
