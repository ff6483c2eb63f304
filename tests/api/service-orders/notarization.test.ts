import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { call } from '../../helpers/trade.js';
import { buyServiceWithWallet } from '../../helpers/service-orders.js';
import { notaryOffice } from '../../../server/src/adapters/notary/index.js';

describe('notarization of evidence items through the notary office', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let alice: Awaited<ReturnType<typeof makeUser>>;
  let bob: Awaited<ReturnType<typeof makeUser>>;
  let notary: ReturnType<typeof notaryOffice>;
  let depositId: number;
  const form = (evidence: string) => ({
    evidence,
    purpose: '用于起诉侵权网站',
    contactName: '艾丽',
    contactPhone: '13800138000',
  });
  beforeAll(async () => {
    t = await makeTestApp();
    alice = await makeUser(t.db);
    bob = await makeUser(t.db);
    notary = notaryOffice(t.app.config, t.db);
    // A completed deposit of alice's (deposits have their own tests; only its row matters here).
    depositId = Number(
      (
        await t.db.query(
          `INSERT INTO evidence_deposits(user_id, work_name, work_category, form, file_name, file_key, file_size, mime, sha256, status, cert_no)
       VALUES ($1, '山川日出', 1, '{}', 'a.jpg', 'deposits/x/a.jpg', 10, 'image/jpeg', $2, 1, 'LM2026112300000009') RETURNING id`,
          [alice.id, 'ab'.repeat(32)],
        )
      ).rows[0].id,
    );
  });
  afterAll(() => t?.close());

  const decide = async (caseNo: string, d: Parameters<typeof notary.office.decide>[1]) =>
    call(t.app, 'POST', '/api/protection/notarization/notify', undefined, await notary.office.decide(caseNo, d));
  const get = async (id: number) =>
    (await call(t.app, 'GET', `/api/protection/notarization/${id}`, alice.auth)).body.data;

  it("offers only the applicant's own completed evidence, and needs a paid notarization unit", async () => {
    const offered = (await call(t.app, 'GET', '/api/protection/notarization/evidence', alice.auth)).body.data.list;
    expect(offered).toEqual([
      expect.objectContaining({ value: `deposit:${depositId}`, title: '山川日出', certNo: 'LM2026112300000009' }),
    ]);
    expect((await call(t.app, 'GET', '/api/protection/notarization/evidence', bob.auth)).body.data.list).toEqual([]);
    const foreign = await call(t.app, 'POST', '/api/protection/notarization', bob.auth, form(`deposit:${depositId}`));
    expect(foreign.status).toBe(400);
    expect(foreign.body.data.fieldErrors['/evidence']).toContain('本人');
    const unpaid = await call(t.app, 'POST', '/api/protection/notarization', alice.auth, form(`deposit:${depositId}`));
    expect(unpaid.status).toBe(402);
    expect(unpaid.body.data.buy).toBe('/cyprotect/myorderinfo?buy=notarization');
  });

  it('accept, information request answered, certificate issued and downloaded; replays and late decisions change nothing', async () => {
    await buyServiceWithWallet(t.app, t.db, alice, 'notarization_1');
    const created = await call(t.app, 'POST', '/api/protection/notarization', alice.auth, form(`deposit:${depositId}`));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const rec = created.body.data;
    expect(rec).toMatchObject({
      status: 0,
      evidence_title: '山川日出',
      evidence_digest: 'ab'.repeat(32),
      case_no: expect.stringMatching(/^GZ/),
    });
    const filed = await notary.office.findCase(rec.case_no);
    expect(filed?.payload.evidence).toMatchObject({
      type: 'deposit',
      digest: 'ab'.repeat(32),
      verifyUrl: expect.stringContaining('/certifiy/copyright/deposit/LM2026112300000009'),
    });

    await expect(decide(rec.case_no, { decision: 'issue' })).rejects.toThrow('当前状态「已收到」下不能「出具公证书」');
    expect((await decide(rec.case_no, { decision: 'accept' })).status).toBe(200);
    const askBody = await notary.office.decide(rec.case_no, {
      decision: 'request_info',
      message: '请说明侵权网址',
      deadlineDays: 7,
    });
    expect((await call(t.app, 'POST', '/api/protection/notarization/notify', undefined, askBody)).status).toBe(200);
    expect(
      (await call(t.app, 'POST', '/api/protection/notarization/notify', undefined, askBody)).body.data.outcome,
    ).toBe('duplicate');
    expect(await get(rec.id)).toMatchObject({ status: 2, request: { message: '请说明侵权网址' } });

    expect(
      (
        await call(t.app, 'POST', `/api/protection/notarization/${rec.id}/supplement`, bob.auth, {
          supplement: '别人的补充',
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(t.app, 'POST', `/api/protection/notarization/${rec.id}/supplement`, alice.auth, {})).status,
    ).toBe(400);
    const sup = await call(t.app, 'POST', `/api/protection/notarization/${rec.id}/supplement`, alice.auth, {
      supplement: '侵权网址 https://example.test/p/1',
    });
    expect(sup.status).toBe(200);
    expect((await notary.office.findCase(rec.case_no))?.payload.supplement).toBe('侵权网址 https://example.test/p/1');
    expect((await get(rec.id)).status).toBe(1);

    expect((await decide(rec.case_no, { decision: 'issue' })).status).toBe(200);
    const done = await get(rec.id);
    expect(done).toMatchObject({ status: 3, certificate_no: expect.stringMatching(/沙证字第\d{6}号/) });
    const pdf = await t.app.inject({ url: `/api/protection/notarization/${rec.id}/certificate`, headers: alice.auth });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      (await t.app.inject({ url: `/api/protection/notarization/${rec.id}/certificate`, headers: bob.auth })).statusCode,
    ).toBe(404);
    await expect(decide(rec.case_no, { decision: 'refuse', message: '晚到的决定' })).rejects.toThrow(
      '当前状态「已出具公证书」下不能「不予公证」',
    );

    const events = (
      await call(t.app, 'GET', `/api/protection/notarization/${rec.id}/events`, alice.auth)
    ).body.data.list.map((e: any) => e.title);
    expect(events).toEqual([
      '已提交至公证处（沙箱）',
      '公证处已受理',
      '公证处要求补充材料',
      '已补充材料并重新提交',
      '公证书已出具',
    ]);
    const inbox = (await call(t.app, 'GET', '/api/notifications/list?kind=notarization', alice.auth)).body.data.list;
    expect(inbox).toHaveLength(3);
  });

  it('withdrawing before acceptance gives the unit back', async () => {
    await buyServiceWithWallet(t.app, t.db, alice, 'notarization_1');
    const rec = (await call(t.app, 'POST', '/api/protection/notarization', alice.auth, form(`deposit:${depositId}`)))
      .body.data;
    expect(
      (await call(t.app, 'GET', '/api/service-orders/quota?service=notarization', alice.auth)).body.data.list[0].left,
    ).toBe(0);
    expect(
      (await call(t.app, 'POST', `/api/protection/notarization/${rec.id}/withdraw`, alice.auth)).body.data.status,
    ).toBe(5);
    expect(
      (await call(t.app, 'GET', '/api/service-orders/quota?service=notarization', alice.auth)).body.data.list[0].left,
    ).toBe(1);
  });
});
