import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { call } from '../../helpers/trade.js';
import { lastCode } from '../login/helpers.js';
import { pdfTextLines } from '../../helpers/pdf-text.js';
import { leafAt } from '../../../server/src/repositories/evidence-log.js';
import type { Db } from '../../../server/src/db/index.js';

type U = Awaited<ReturnType<typeof makeUser>> & { phone: string };

describe('/api/cytransfer: listings need proof of title, escrow is released only after both signatures', () => {
  let app: FastifyInstance;
  let db: Db;
  let close: () => Promise<void>;
  let seller: U;
  let buyer: U;
  let other: U;
  let staff: U;
  const user = async (phone: string, roles = ['buyer']) => ({ ...(await makeUser(db, { phone, roles })), phone });
  const balance = async (u: U) =>
    Number((await db.query('SELECT balance_cents AS b FROM users WHERE id = $1', [u.id])).rows[0].b);
  const deposit = async (owner: U, name: string, status = 1) =>
    Number(
      (
        await db.query<{ id: number }>(
          `INSERT INTO evidence_deposits(user_id, work_name, work_category, form, file_name, file_key, file_size, mime, sha256, status, cert_no, deposited_at)
       VALUES ($1, $2, 1, '{}', 'a.jpg', 'k', 1, 'image/jpeg', $3, $4, $5, now()) RETURNING id`,
          [
            owner.id,
            name,
            'ab'.repeat(32),
            status,
            status === 1 ? `LM${String(Date.now()).padStart(16, '0').slice(-16)}` : null,
          ],
        )
      ).rows[0].id,
    );
  const listing = (proof: string, price?: number) => ({
    proof,
    mode: 'transfer',
    rights: ['reproduction', 'distribution', 'network_dissemination'],
    territory: '中国大陆',
    exclusive: true,
    ...(price ? { price } : {}),
  });
  const sign = async (u: U, dealId: number) => {
    // A party signing a second deal within a minute: age its earlier codes past the phone's 60 s send interval.
    await db.query(`UPDATE sms_codes SET created_at = created_at - interval '2 minutes' WHERE phone = $1`, [u.phone]);
    expect((await call(app, 'POST', `/api/cytransfer/deals/${dealId}/sign/code`, u.auth)).status).toBe(200);
    return call(app, 'POST', `/api/cytransfer/deals/${dealId}/sign`, u.auth, { code: await lastCode(app, u.phone) });
  };
  const approve = async (id: number) =>
    expect(
      (await call(app, 'POST', `/api/cytransfer/admin/listings/${id}/review`, staff.auth, { approve: true })).status,
    ).toBe(200);

  beforeAll(async () => {
    ({ app, db, close } = await makeTestApp());
    seller = await user('13811110001', ['buyer', 'creator']);
    buyer = await user('13811110002');
    other = await user('13811110003');
    staff = await user('13811110004', ['buyer', 'staff']);
    await db.query('UPDATE users SET balance_cents = 1000000 WHERE id = ANY($1::bigint[])', [[buyer.id, other.id]]);
  });
  afterAll(() => close());

  it('a listing must rest on the seller’s own completed deposit or registration, and is public only after review', async () => {
    const theirs = await deposit(other, '别人的作品');
    const unfinished = await deposit(seller, '未完成', 2);
    for (const proof of [`deposit:${theirs}`, `deposit:${unfinished}`, 'registration:999']) {
      const r = await call(app, 'POST', '/api/cytransfer/listings', seller.auth, listing(proof, 5000));
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe('请选择您本人已完成的存证或已登记成功的版权登记作为权属证明');
    }
    expect(
      (await call(app, 'POST', '/api/cytransfer/listings', seller.auth, { ...listing('deposit:1', 5000), rights: [] }))
        .status,
    ).toBe(400);

    const mine = await deposit(seller, '城市夜景');
    const offered = async () =>
      (await call(app, 'GET', '/api/cytransfer/proofs', seller.auth)).body.data.map((p: { id: number }) => p.id);
    expect(await offered()).toContain(mine);
    const r = await call(app, 'POST', '/api/cytransfer/listings', seller.auth, listing(`deposit:${mine}`, 5000));
    expect(r.status).toBe(200);
    // The publish form no longer offers a proof that is behind a listing.
    expect(await offered()).not.toContain(mine);
    expect(
      (await call(app, 'POST', '/api/cytransfer/listings', seller.auth, listing(`deposit:${mine}`, 6000))).status,
    ).toBe(409);
    const id = r.body.data.id;
    expect((await call(app, 'GET', '/api/cytransfer/market')).body.data.list).toEqual([]);
    expect((await call(app, 'GET', `/api/cytransfer/listings/${id}`, buyer.auth)).status).toBe(404);
    expect((await call(app, 'POST', `/api/cytransfer/listings/${id}/buy`, buyer.auth)).status).toBe(404);
    expect(
      (await call(app, 'POST', `/api/cytransfer/admin/listings/${id}/review`, seller.auth, { approve: true })).status,
    ).toBe(403);
    await approve(id);
    const market = (await call(app, 'GET', '/api/cytransfer/market?right=distribution&maxPrice=600000')).body.data.list;
    expect(market).toEqual([expect.objectContaining({ id, workName: '城市夜景', priceCents: 500000 })]);
    expect((await call(app, 'GET', '/api/cytransfer/market?right=rental')).body.data.list).toEqual([]);
    expect((await call(app, 'GET', `/api/cytransfer/listings/${id}`)).body.data.proof).toMatchObject({
      type: 'deposit',
      verifyPath: expect.stringContaining('/copyrightVerify/cert?certNo=LM'),
    });
  });

  it('buying holds the price in escrow; one signature releases nothing; both signatures pay the seller, log the transfer and extend the chain of title', async () => {
    const id = (await call(app, 'GET', '/api/cytransfer/market')).body.data.list[0].id;
    expect((await call(app, 'POST', `/api/cytransfer/listings/${id}/buy`, seller.auth)).status).toBe(400);
    // Two buyers at once: one deal.
    const [a, b] = await Promise.all([
      call(app, 'POST', `/api/cytransfer/listings/${id}/buy`, buyer.auth),
      call(app, 'POST', `/api/cytransfer/listings/${id}/buy`, other.auth),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? buyer : other;
    const dealId = (a.status === 200 ? a : b).body.data.dealId;
    expect(await balance(winner)).toBe(500000);
    expect(await balance(seller)).toBe(0);
    expect((await call(app, 'GET', '/api/cytransfer/market')).body.data.list).toEqual([]);

    // Signing needs the party's own SMS code; an outsider has no access.
    expect(
      (await call(app, 'POST', `/api/cytransfer/deals/${dealId}/sign`, winner.auth, { code: '000000' })).status,
    ).toBe(400);
    expect((await call(app, 'POST', `/api/cytransfer/deals/${dealId}/sign/code`, staff.auth)).status).toBe(404);
    const first = await sign(winner, dealId);
    expect(first.body.data).toEqual({ completed: false });
    const reuse = await call(app, 'POST', `/api/cytransfer/deals/${dealId}/sign`, winner.auth, {
      code: await lastCode(app, winner.phone),
    });
    expect(reuse).toMatchObject({ status: 400, body: { msg: '验证码已失效，请重新获取' } });
    expect(await balance(seller)).toBe(0);
    const pending = (await call(app, 'GET', '/api/cytransfer/mine', seller.auth)).body.data.sales[0];
    expect(pending).toMatchObject({ status: 'escrowed', sellerSignedAt: null });

    const second = await sign(seller, dealId);
    expect(second.body.data.completed).toBe(true);
    expect(await balance(seller)).toBe(500000);
    const block = await leafAt(db, second.body.data.ledgerHeight);
    expect(block!.payload).toMatchObject({
      type: 'copyright-transfer',
      dealId,
      toUserId: winner.id,
      fromUserId: seller.id,
      priceCents: 500000,
    });
    expect((await call(app, 'POST', `/api/cytransfer/deals/${dealId}/cancel`, winner.auth)).status).toBe(409);

    const chain = (await call(app, 'GET', `/api/cytransfer/listings/${id}/chain`)).body.data;
    expect(chain.original.holder).toBe('用户0001');
    expect(chain.transfers).toEqual([
      expect.objectContaining({
        dealId,
        holder: `用户${winner.phone.slice(-4)}`,
        ledgerHeight: second.body.data.ledgerHeight,
      }),
    ]);

    const pdf = await call(app, 'GET', `/api/cytransfer/deals/${dealId}/contract`, winner.auth);
    expect(pdf.raw.headers['content-type']).toBe('application/pdf');
    expect((await PDFDocument.load(pdf.raw.rawPayload)).getTitle()).toBe(`著作权转让合同 ${dealId}`);
    const text = (await pdfTextLines(pdf.raw.rawPayload))[0].join('\n');
    expect(text).toContain('甲方（权利人）：用户0001');
    expect(text).toContain('复制权');
    expect(text).toContain('甲方签署：已于');
    expect(text).toContain('乙方签署：已于');
  });

  it('offer, accept, pay into escrow; cancelling before both signed refunds the buyer once; a short wallet cannot pay', async () => {
    const dep = await deposit(seller, '山间晨雾');
    const id = (await call(app, 'POST', '/api/cytransfer/listings', seller.auth, listing(`deposit:${dep}`))).body.data
      .id;
    await approve(id);
    expect((await call(app, 'POST', `/api/cytransfer/listings/${id}/buy`, buyer.auth)).body.msg).toBe(
      '该版权由买家出价，请先出价',
    );
    const offer = await call(app, 'POST', `/api/cytransfer/listings/${id}/offers`, buyer.auth, {
      price: 20000,
      message: '希望用于纪录片',
    });
    const rich = await call(app, 'POST', `/api/cytransfer/listings/${id}/offers`, other.auth, { price: 3000 });
    const dealId = offer.body.data.dealId;
    expect(
      (await call(app, 'POST', `/api/cytransfer/deals/${dealId}/answer`, buyer.auth, { accept: true })).status,
    ).toBe(404);
    expect(
      (await call(app, 'POST', `/api/cytransfer/deals/${dealId}/answer`, seller.auth, { accept: true })).status,
    ).toBe(200);
    // The listing is reserved: the second offer can no longer be accepted.
    expect(
      (await call(app, 'POST', `/api/cytransfer/deals/${rich.body.data.dealId}/answer`, seller.auth, { accept: true }))
        .status,
    ).toBe(409);

    const before = await balance(buyer);
    expect((await call(app, 'POST', `/api/cytransfer/deals/${dealId}/pay`, buyer.auth)).body.msg).toBe(
      '钱包余额不足，请先充值',
    );
    await db.query('UPDATE users SET balance_cents = balance_cents + 2000000 WHERE id = $1', [buyer.id]);
    expect((await call(app, 'POST', `/api/cytransfer/deals/${dealId}/pay`, buyer.auth)).status).toBe(200);
    expect((await call(app, 'POST', `/api/cytransfer/deals/${dealId}/pay`, buyer.auth)).status).toBe(409);
    expect(await balance(buyer)).toBe(before + 2000000 - 2000000);
    await sign(seller, dealId);
    expect((await call(app, 'POST', `/api/cytransfer/deals/${dealId}/cancel`, buyer.auth)).status).toBe(200);
    expect((await call(app, 'POST', `/api/cytransfer/deals/${dealId}/cancel`, buyer.auth)).status).toBe(409);
    expect(await balance(buyer)).toBe(before + 2000000);
    const moves = (
      await db.query(
        `SELECT kind, amount_cents FROM wallet_transactions WHERE user_id = $1 AND note LIKE $2 ORDER BY id`,
        [buyer.id, `%#${dealId}`],
      )
    ).rows;
    expect(moves.map((m) => [m.kind, Number(m.amount_cents)])).toEqual([
      ['escrow', -2000000],
      ['escrow_refund', 2000000],
    ]);
  });
});
