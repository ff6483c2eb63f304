import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { jpeg } from '../../helpers/media.js';
import { formWithFiles, metaOf } from '../../helpers/multipart.js';
import { call } from '../../helpers/trade.js';
import { buyServiceWithWallet } from '../../helpers/service-orders.js';
import { copyrightAuthority } from '../../../server/src/adapters/authority/index.js';

const base = {
  workName: '山川组图',
  workCategory: 1,
  authorName: '山川',
  ownership: 'oneself',
  acquisition: 'original',
  nature: 'original',
  rights: ['publication', 'authorship'],
  completionDate: '2026-10-01',
};
const copyright = { ...base, service: 1, media: 1 };

describe('registrations that progress through the copyright authority', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let alice: Awaited<ReturnType<typeof makeUser>>;
  let photo: { filename: string; contentType: string; data: Buffer };
  let authority: ReturnType<typeof copyrightAuthority>;
  beforeAll(async () => {
    t = await makeTestApp();
    alice = await makeUser(t.db);
    photo = { filename: '组图1.jpg', contentType: 'image/jpeg', data: await jpeg(320, 240) };
    authority = copyrightAuthority(t.app.config, t.db);
  });
  afterAll(() => t?.close());

  const submit = (who = alice, data: object = copyright) => {
    const body = formWithFiles({ ...data, files: [metaOf(photo)] }, [photo]);
    return t.app.inject({
      method: 'POST',
      url: '/api/protection/registration',
      headers: { ...who.auth, ...body.headers },
      payload: body.payload,
    });
  };
  const get = async (id: number) =>
    (await call(t.app, 'GET', `/api/protection/registration/${id}`, alice.auth)).body.data;
  const decide = async (caseNo: string, d: Parameters<typeof authority.office.decide>[1]) => {
    const body = await authority.office.decide(caseNo, d);
    return { body, res: await call(t.app, 'POST', '/api/protection/authority/notify', undefined, body) };
  };
  const inboxTitles = async () =>
    (await call(t.app, 'GET', '/api/notifications/list?pageSize=50', alice.auth)).body.data.list.map(
      (n: any) => n.title as string,
    );

  it('needs a paid registration order: 402 with where to buy, then one application per unit', async () => {
    const none = await submit();
    expect(none.statusCode).toBe(402);
    expect(none.json().msg).toBe('您的「作品著作权登记」服务额度不足，请先购买服务套餐');
    expect(none.json().data.buy).toBe('/cyprotect/myorderinfo?buy=registration');
    await buyServiceWithWallet(t.app, t.db, alice, 'registration_1');
    const ok = await submit();
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 0, case_no: expect.stringMatching(/^BQ/) });
    expect((await submit()).statusCode).toBe(402);
    // Withdrawing gives the unit back.
    expect(
      (await call(t.app, 'POST', `/api/protection/registration/${ok.json().data.id}/withdraw`, alice.auth)).body.data
        .status,
    ).toBe(4);
    expect(
      (await call(t.app, 'GET', '/api/service-orders/quota?service=registration', alice.auth)).body.data.list[0].left,
    ).toBe(1);
  });

  it('accept, correction in a form naming what to fix, resubmission, issue with number and certificate, notified each time', async () => {
    const rec = (await submit()).json().data;
    const caseNo = rec.case_no as string;

    // Not accepted yet: the office's machine refuses to issue (the sandbox as the real office would).
    await expect(decide(caseNo, { decision: 'issue' })).rejects.toThrow('当前状态「已收到」下不能「发证」');
    const accepted = await decide(caseNo, { decision: 'accept' });
    expect(accepted.res.status).toBe(200);
    expect((await get(rec.id)).status).toBe(1);
    // A replayed callback changes nothing.
    expect(
      (await call(t.app, 'POST', '/api/protection/authority/notify', undefined, accepted.body)).body.data.outcome,
    ).toBe('duplicate');
    expect(
      (
        await call(t.app, 'POST', '/api/protection/authority/notify', undefined, {
          ...accepted.body,
          decision: 'reject',
        })
      ).status,
    ).toBe(400);

    // Correction through the sandbox page, as a person would.
    const page = await t.app.inject({ url: '/dev/authority' });
    expect(page.body).toContain(caseNo);
    const form = new URLSearchParams({
      caseNo,
      decision: 'correct',
      message: '作者署名与样本不一致',
      fields: 'authorName,workName',
      deadlineDays: '15',
    });
    const posted = await t.app.inject({
      method: 'POST',
      url: '/dev/authority',
      payload: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.body).toContain('回调已被平台接受');
    const needFix = await get(rec.id);
    expect(needFix.status).toBe(3);
    expect(needFix.correction).toMatchObject({ message: '作者署名与样本不一致', fields: ['authorName', 'workName'] });
    expect(new Date(needFix.correction.deadline).getTime()).toBeGreaterThan(Date.now() + 14 * 86_400_000);

    const edit = await call(t.app, 'PUT', `/api/protection/registration/${rec.id}`, alice.auth, {
      ...copyright,
      authorName: '山川工作室',
      files: needFix.files,
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.data.status).toBe(0);
    const sandboxCase = await authority.office.findCase(caseNo);
    expect(sandboxCase).toMatchObject({ state: 'resubmitted', payload: { form: { authorName: '山川工作室' } } });

    await decide(caseNo, { decision: 'accept' });
    const issued = await decide(caseNo, { decision: 'issue' });
    expect(issued.res.status).toBe(200);
    const done = await get(rec.id);
    expect(done).toMatchObject({ status: 2, registration_no: expect.stringMatching(/^国作登字-\d{4}-F-\d{8}$/) });
    const pdf = await t.app.inject({ url: `/api/protection/registration/${rec.id}/certificate`, headers: alice.auth });
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const pub = await call(t.app, 'GET', `/api/certify/register/${rec.id}`);
    expect(pub.body.data).toMatchObject({
      registrationNo: done.registration_no,
      workName: '山川组图',
      hasCertificate: true,
    });
    expect(pub.body.data.certificateKey).toBeUndefined();
    expect((await t.app.inject({ url: `/api/certify/register/${rec.id}/pdf` })).statusCode).toBe(200);

    const timeline = (
      await call(t.app, 'GET', `/api/protection/registration/${rec.id}/events`, alice.auth)
    ).body.data.list.map((e: any) => e.title);
    expect(timeline).toEqual([
      '已提交至版权登记机构（沙箱）',
      '登记机构已受理',
      '登记机构要求补正',
      '已补正并重新提交',
      '登记机构已受理',
      '登记成功，证书已发放',
    ]);
    const titles = await inboxTitles();
    expect(titles.filter((x: string) => x.startsWith('「山川组图」著作权登记：'))).toHaveLength(4);
  });

  it('refuses a correction after its deadline, and shows nothing public of unissued registrations', async () => {
    await buyServiceWithWallet(t.app, t.db, alice, 'registration_1');
    const rec = (await submit()).json().data;
    await decide(rec.case_no, { decision: 'correct', message: '请补充创作说明', deadlineDays: 1 });
    expect((await call(t.app, 'GET', `/api/certify/register/${rec.id}`)).status).toBe(404);
    await t.db.query(
      `UPDATE registrations SET correction = jsonb_set(correction, '{deadline}', to_jsonb((now() - interval '1 day')::text)) WHERE id = $1`,
      [rec.id],
    );
    const late = await call(t.app, 'PUT', `/api/protection/registration/${rec.id}`, alice.auth, {
      ...copyright,
      files: rec.files,
    });
    expect(late.status).toBe(409);
    expect(late.body.msg).toContain('补正期限已过');
    const rejected = await decide(rec.case_no, { decision: 'reject', message: '逾期未补正' });
    expect(rejected.res.status).toBe(200);
    expect((await get(rec.id)).status).toBe(5);
  });
});
