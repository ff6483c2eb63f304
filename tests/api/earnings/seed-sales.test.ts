import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp } from '../../helpers/app.js';
import { seedIfEmpty } from '../../../server/src/seed/index.js';
import { createSession } from '../../../server/src/repositories/sessions.js';

describe('demo sales and withdrawals are seeded through the real payment, refund and payout flows', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let auth: { authorization: string };
  beforeAll(async () => {
    t = await makeTestApp();
    await seedIfEmpty(t.app);
    const id = Number(
      (await t.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'demo_creator'")).rows[0].id,
    );
    auth = { authorization: await createSession(t.db, id) };
  });
  afterAll(() => t?.close());

  const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: auth })).json().data;

  it('demo_creator has sales over several weeks in every state, and a balance to withdraw', async () => {
    const list = await get('/api/creator/sales/list?pageSize=100');
    expect(list.total).toBe(14);
    expect(new Set(list.list.map((s: any) => s.state))).toEqual(
      new Set(['pending', 'available', 'withdrawn', 'reversed']),
    );
    const summary = await get('/api/creator/sales/summary');
    expect(summary.byDay.length).toBeGreaterThan(8);
    expect(summary.byWork.length).toBeGreaterThan(3);
    const e = await get('/api/user/withdrawal/summary');
    expect(e).toMatchObject({ pendingCents: 5000 });
    expect(e.withdrawnCents).toBeGreaterThan(0);
    expect(e.availableCents).toBeGreaterThan(0);
    expect(e.heldCents).toBeGreaterThan(0);
    const withdrawals = (await get('/api/user/withdrawal/list')).list.map((w: any) => w.status).sort();
    expect(withdrawals).toEqual([0, 1, 2]);
  });

  it('the community has showcase posts with real counters and two open demands, the bounty held in escrow', async () => {
    const feed = await get('/community/api/feed?sort=newest');
    expect(feed.list).toHaveLength(2);
    for (const p of feed.list) {
      expect(p).toMatchObject({ authorName: expect.any(String), likeCount: 2, commentCount: 1, collectCount: 1 });
      expect(p.workCount).toBeGreaterThan(0);
    }
    const post = await get(`/community/api/posts/${feed.list[0].id}`);
    expect(post.comments.map((c: { body: string }) => c.body)).toEqual(['画面很干净，请问后期用的是什么调色？']);

    const demands = await get('/community/api/demands?status=open');
    type DemandRow = { id: number; title: string; mode: string };
    const titles = demands.list.map((d: DemandRow) => d.title).sort();
    expect(titles).toEqual(['定制拍摄：江南古镇清晨航拍', '征集春季新品宣传短视频素材']);
    const bid = demands.list.find((d: DemandRow) => d.mode === 'bid');
    expect((await get(`/community/api/demands/${bid.id}`)).responses).toHaveLength(1);
    // The bounty left demo_company's seeded balance into escrow, through the wallet ledger.
    const escrow = await t.db.query<{ amount_cents: number }>(
      `SELECT w.amount_cents FROM wallet_transactions w JOIN users u ON u.id = w.user_id
        WHERE u.username = 'demo_company' AND w.kind = 'escrow'`,
    );
    expect(escrow.rows.map((r) => Math.abs(Number(r.amount_cents)))).toEqual([30000]);
  });

  it('the copyright market, its review queue, the invoice queue and the gift-card batches are not empty', async () => {
    const staffId = Number(
      (await t.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'demo_staff'")).rows[0].id,
    );
    const staff = { authorization: await createSession(t.db, staffId) };
    const asStaff = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: staff })).json().data;

    const market = await get('/api/cytransfer/market');
    expect(market.list.map((l: { workName: string }) => l.workName)).toEqual(['《山城夜行》微电影剧本']);
    const listed = await get(`/api/cytransfer/listings/${market.list[0].id}`);
    expect(listed).toMatchObject({ status: 'listed', mode: 'transfer', priceCents: 1200000 });
    // Its proof is demo_creator's deposit on the evidence log, as the seller's own would be.
    expect(listed.proof).toMatchObject({ type: 'deposit', fileName: '山城夜行-剧本-定稿.txt' });
    const certNo = listed.proof.certNo;
    const verify = (await t.app.inject(`/api/protection/deposit/verify/${encodeURIComponent(certNo)}`)).json();
    expect(verify.data).toMatchObject({ workName: '《山城夜行》微电影剧本', valid: true });
    const pending = await asStaff('/api/cytransfer/admin/pending');
    expect(pending.map((l: { workName: string }) => l.workName)).toEqual(['《四季》原创歌词']);

    const invoices = await asStaff('/api/admin/invoices/list?status=0');
    expect(invoices.list).toHaveLength(1);
    expect(invoices.list[0]).toMatchObject({ title: '青禾广告有限公司' });
    // Its amount is what the patron paid for the orders it covers, never a typed number.
    const covered = await t.db.query<{ n: number }>(
      `SELECT sum(o.amount_cents)::int AS n FROM invoice_orders io JOIN orders o ON o.id = io.order_id WHERE io.invoice_id = $1`,
      [invoices.list[0].id],
    );
    expect(Number(invoices.list[0].amountCents)).toBe(Number(covered.rows[0].n));

    const batches = await asStaff('/api/admin/gift-cards/batches');
    expect(batches.list).toHaveLength(1);
    expect(batches.list[0]).toMatchObject({ amountCents: 10000, count: 20 });
  });

  it('seeding again adds nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.db.query<{ n: number }>(
            `SELECT (SELECT count(*) FROM creator_earnings) + (SELECT count(*) FROM community_posts)
                  + (SELECT count(*) FROM community_demands) + (SELECT count(*) FROM copyright_listings)
                  + (SELECT count(*) FROM evidence_deposits) + (SELECT count(*) FROM invoices)
                  + (SELECT count(*) FROM gift_cards) AS n`,
          )
        ).rows[0].n,
      );
    const before = await count();
    await seedIfEmpty(t.app);
    expect(await count()).toBe(before);
  });
});
