import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { jpeg } from '../../helpers/media.js';
import { formWithFiles, metaOf } from '../../helpers/multipart.js';
import { call } from '../../helpers/trade.js';
import { buyServiceWithWallet } from '../../helpers/service-orders.js';
import { FAST, servicesOf } from '../../helpers/jobs.js';
import { copyrightAuthority } from '../../../server/src/adapters/authority/index.js';
import { notaryOffice } from '../../../server/src/adapters/notary/index.js';
import { OfficeRefusal } from '../../../server/src/adapters/sandbox-office.js';
import { runUntilIdle } from '../../../server/src/jobs/index.js';
import { OFFICE_RECONCILE_TASK } from '../../../server/src/services/office-decisions.js';
import { reconcileQuietCases } from '../../../server/src/services/office-reconcile.js';
import { REGISTRATION_STATUS_OF_CASE } from '../../../server/src/services/registration-progress.js';
import { NOTARIZATION_STATUS_OF_CASE } from '../../../server/src/services/notarization.js';
import { caseStateAfter, OFFICE_CASES, type OfficeName } from '../../../src/schemas/cyprotect/office-cases.js';

/**
 * Issue #31 seam 3: an office case is a state machine both sides share. The sandbox office refuses
 * what the real one would not do; every callback carries the case's state and its sequence number;
 * the platform follows the office in that order, and a lost, duplicated or out-of-order callback is
 * reconciled by a status query job.
 */
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
const FORMS = { registration: { ...base, service: 1, media: 1 }, dci: { ...base, workNameCode: 'PHOTOGRAPHY' } };

/** Every edge of a machine: "state -decision-> state", the applicant's resubmission included. */
function edgesOf(office: OfficeName): string[] {
  const m = OFFICE_CASES[office];
  const edges = Object.entries(m.decisions).flatMap(([d, move]) => move.from.map((s) => `${s} -${d}-> ${move.to}`));
  const applicant = (['resubmit', 'withdraw'] as const).flatMap((a) => m[a].from.map((s) => `${s} -${a}-> ${m[a].to}`));
  return [...edges, ...applicant].sort();
}

describe('office cases: one machine on both sides, callbacks applied in the office order', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let alice: Awaited<ReturnType<typeof makeUser>>;
  let photo: { filename: string; contentType: string; data: Buffer };
  let authority: ReturnType<typeof copyrightAuthority>;
  let notary: ReturnType<typeof notaryOffice>;
  let depositId: number;
  beforeAll(async () => {
    t = await makeTestApp();
    alice = await makeUser(t.db);
    photo = { filename: '组图1.jpg', contentType: 'image/jpeg', data: await jpeg(320, 240) };
    authority = copyrightAuthority(t.app.config, t.db);
    notary = notaryOffice(t.app.config, t.db);
    await buyServiceWithWallet(t.app, t.db, alice, 'registration_1', 10);
    await buyServiceWithWallet(t.app, t.db, alice, 'dci_1', 2);
    await buyServiceWithWallet(t.app, t.db, alice, 'notarization_1', 7);
    depositId = Number(
      (
        await t.db.query(
          `INSERT INTO evidence_deposits(user_id, work_name, work_category, form, file_name, file_key, file_size, mime, sha256, status, cert_no)
           VALUES ($1, '山川日出', 1, '{}', 'a.jpg', 'deposits/x/a.jpg', 10, 'image/jpeg', $2, 1, 'LM2026112300000019') RETURNING id`,
          [alice.id, 'cd'.repeat(32)],
        )
      ).rows[0].id,
    );
  });
  afterAll(() => t?.close());

  const reconcileJobs = () =>
    runUntilIdle(servicesOf(t.app), { tasks: [OFFICE_RECONCILE_TASK], ...FAST, timeoutMs: 60_000 });

  // ---- registrations (and DCI) at the copyright authority ----
  const register = async (kind: 'registration' | 'dci' = 'registration') => {
    const body = formWithFiles({ ...FORMS[kind], files: [metaOf(photo)] }, [photo]);
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/protection/${kind}`,
      headers: { ...alice.auth, ...body.headers },
      payload: body.payload,
    });
    expect(r.statusCode, r.body).toBe(200);
    return { kind, id: r.json().data.id as number, caseNo: r.json().data.case_no as string };
  };
  type Reg = Awaited<ReturnType<typeof register>>;
  const getReg = async (r: Reg) =>
    (await call(t.app, 'GET', `/api/protection/${r.kind}/${r.id}`, alice.auth)).body.data;
  const timeline = async (r: Reg) =>
    (await call(t.app, 'GET', `/api/protection/${r.kind}/${r.id}/events`, alice.auth)).body.data.list.map(
      (e: { title: string }) => e.title,
    );
  const authorityNotify = (body: Record<string, string>) =>
    call(t.app, 'POST', '/api/protection/authority/notify', undefined, body);

  it("walks every transition of the authority's machine; the office refuses the rest, the registration follows", async () => {
    const taken: string[] = [];
    /** The platform's status is the one the office's state maps to, and every move the machine forbids is refused. */
    const agree = async (r: Reg) => {
      const c = (await authority.office.findCase(r.caseNo))!;
      expect((await getReg(r)).status, `${r.caseNo} in ${c.state}`).toBe(REGISTRATION_STATUS_OF_CASE[c.state]);
      for (const decision of Object.keys(OFFICE_CASES.authority.decisions)) {
        if (caseStateAfter('authority', c.state, decision)) continue;
        await expect(authority.office.decide(r.caseNo, { decision }), `${decision} in ${c.state}`).rejects.toThrow(
          OfficeRefusal,
        );
      }
      expect((await authority.office.findCase(r.caseNo))!.seq).toBe(c.seq);
    };
    const step = async (r: Reg, decision: string) => {
      const from = (await authority.office.findCase(r.caseNo))!.state;
      const body = await authority.office.decide(r.caseNo, {
        decision,
        message: decision === 'accept' || decision === 'issue' ? '' : '请补充创作说明',
        fields: decision === 'correct' ? ['authorName'] : [],
        deadlineDays: decision === 'correct' ? 30 : undefined,
      });
      const res = await authorityNotify(body);
      expect(res.body.data?.outcome, JSON.stringify(res.body)).toBe('applied');
      taken.push(`${from} -${decision}-> ${body.state}`);
      await agree(r);
    };
    const resubmit = async (r: Reg) => {
      const from = (await authority.office.findCase(r.caseNo))!.state;
      const rec = await getReg(r);
      const put = await call(t.app, 'PUT', `/api/protection/${r.kind}/${r.id}`, alice.auth, {
        ...FORMS[r.kind as 'registration'],
        authorName: `山川工作室${taken.length}`,
        files: rec.files,
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      taken.push(`${from} -resubmit-> ${(await authority.office.findCase(r.caseNo))!.state}`);
      await agree(r);
    };

    const withdraw = async (r: Reg) => {
      const from = (await authority.office.findCase(r.caseNo))!.state;
      const res = await call(t.app, 'POST', `/api/protection/${r.kind}/${r.id}/withdraw`, alice.auth);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      taken.push(`${from} -withdraw-> ${(await authority.office.findCase(r.caseNo))!.state}`);
      await agree(r);
    };

    const a = await register();
    await agree(a);
    await step(a, 'accept');
    await step(a, 'correct');
    await resubmit(a);
    await step(a, 'accept');
    await step(a, 'issue');
    expect(await getReg(a)).toMatchObject({ status: 2, registration_no: expect.stringMatching(/^国作登字-/) });

    const b = await register();
    await step(b, 'correct');
    await resubmit(b);
    await step(b, 'correct');
    await step(b, 'reject');

    const c = await register();
    await resubmit(c); // edited before the authority accepted it
    await step(c, 'reject');

    const d = await register('dci');
    await step(d, 'reject');
    const e = await register('dci');
    await step(e, 'accept');
    await step(e, 'reject');
    const f = await register(); // edited twice before the authority looked at it, then withdrawn
    await resubmit(f);
    await resubmit(f);
    await withdraw(f);
    await withdraw(await register());
    const g = await register();
    await step(g, 'correct');
    await withdraw(g);
    // Withdrawn while the authority's accept was on its way (lost): the authority lets it go from
    // accepted, and the late accept cannot move the withdrawn registration.
    const h = await register();
    const lateAccept = await authority.office.decide(h.caseNo, { decision: 'accept' });
    await withdraw(h);
    expect((await authorityNotify(lateAccept)).status).toBe(409);
    await agree(h);

    expect([...new Set(taken)].sort()).toEqual(edgesOf('authority'));
  });

  it('the reported case: 发证 while the platform waits for a correction is refused on /dev/authority; both stay 需补正', async () => {
    const r = await register();
    await authorityNotify(await authority.office.decide(r.caseNo, { decision: 'correct', message: '署名不一致' }));
    const page = (await t.app.inject({ url: '/dev/authority' })).body;
    expect(page).toMatch(new RegExp(`data-case="${r.caseNo}"[\\s\\S]*?data-decision="issue" disabled`));
    const posted = await t.app.inject({
      method: 'POST',
      url: '/dev/authority',
      payload: new URLSearchParams({ caseNo: r.caseNo, decision: 'issue' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.statusCode).toBe(409);
    expect(posted.body).toContain('机构不能作出该决定：当前状态「待补正」下不能「发证」');
    expect((await authority.office.findCase(r.caseNo))!.state).toBe('correction');
    expect(await getReg(r)).toMatchObject({ status: 3, registration_no: null });
  });

  it('a lost callback: the platform learns the decision from the status query of the quiet-case sweep', async () => {
    const r = await register();
    const lost = await authority.office.decide(r.caseNo, { decision: 'accept' }); // never delivered
    expect(lost).toMatchObject({ state: 'accepted', seq: '1' });
    expect((await getReg(r)).status).toBe(0);
    expect(await reconcileQuietCases(t.db, 0)).toBeGreaterThan(0);
    await reconcileJobs();
    expect((await getReg(r)).status).toBe(1);
    expect(await timeline(r)).toEqual(['已提交至版权登记机构（沙箱）', '登记机构已受理']);
    // The lost callback turning up after all changes nothing.
    expect((await authorityNotify(lost)).body.data.outcome).toBe('duplicate');
    expect(await timeline(r)).toHaveLength(2);
  });

  it('a gap: the next callback is deferred until the status query fills in the lost one; a duplicate is applied once', async () => {
    const r = await register();
    await authority.office.decide(r.caseNo, { decision: 'accept' }); // lost
    const correct = await authority.office.decide(r.caseNo, {
      decision: 'correct',
      message: '请补充创作过程说明',
      fields: ['workName'],
      deadlineDays: 20,
    });
    expect((await authorityNotify(correct)).body.data.outcome).toBe('deferred');
    expect((await getReg(r)).status).toBe(0); // not applied ahead of the accept it depends on
    await reconcileJobs();
    expect(await getReg(r)).toMatchObject({
      status: 3,
      correction: { message: '请补充创作过程说明', fields: ['workName'] },
    });
    expect(await timeline(r)).toEqual(['已提交至版权登记机构（沙箱）', '登记机构已受理', '登记机构要求补正']);
    expect((await authorityNotify(correct)).body.data.outcome).toBe('duplicate');
    const inbox = (await call(t.app, 'GET', '/api/notifications/list?pageSize=100', alice.auth)).body.data.list;
    expect(
      inbox.filter(
        (n: { title: string; link: string }) => n.title.includes('要求补正') && n.link.includes(`id=${r.id}`),
      ),
    ).toHaveLength(1);
  });

  it('out of order on /dev/authority: accept held back, correction delivered first, the held one delivered last', async () => {
    const r = await register();
    const post = (url: string, fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const held = await post('/dev/authority', { caseNo: r.caseNo, decision: 'accept', delivery: 'hold' });
    expect(held.body).toContain('已受理（第 1 项决定），回调暂缓送达');
    const first = await post('/dev/authority', {
      caseNo: r.caseNo,
      decision: 'correct',
      message: '样本模糊',
      delivery: 'now',
    });
    expect(first.body).toContain('此前的决定尚未送达');
    expect((await t.app.inject({ url: '/dev/authority' })).body).toContain('补发暂缓的回调（1）');
    // The late accept arrives before the status query ran: it is next in order, so it applies...
    const late = await post('/dev/authority/deliver-held', { caseNo: r.caseNo });
    expect(late.body).toContain('第 1 项（受理）：回调已被平台接受');
    expect((await getReg(r)).status).toBe(1);
    // ...and the status query job applies the deferred correction after it.
    await reconcileJobs();
    expect((await getReg(r)).status).toBe(3);
    expect(await timeline(r)).toEqual(['已提交至版权登记机构（沙箱）', '登记机构已受理', '登记机构要求补正']);
    expect((await post('/dev/authority/deliver-held', { caseNo: r.caseNo })).statusCode).toBe(404);
  });

  // ---- notarizations at the notary office ----
  const notarize = async () => {
    const r = await call(t.app, 'POST', '/api/protection/notarization', alice.auth, {
      evidence: `deposit:${depositId}`,
      purpose: '用于起诉侵权网站',
      contactName: '艾丽',
      contactPhone: '13800138000',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return { id: r.body.data.id as number, caseNo: r.body.data.case_no as string };
  };
  const getNot = async (n: { id: number }) =>
    (await call(t.app, 'GET', `/api/protection/notarization/${n.id}`, alice.auth)).body.data;

  it("walks every transition of the notary's machine, and reconciles a lost notary callback", async () => {
    const taken: string[] = [];
    const agree = async (n: { id: number; caseNo: string }) => {
      const c = (await notary.office.findCase(n.caseNo))!;
      expect((await getNot(n)).status, `${n.caseNo} in ${c.state}`).toBe(NOTARIZATION_STATUS_OF_CASE[c.state]);
      for (const decision of Object.keys(OFFICE_CASES.notary.decisions)) {
        if (!caseStateAfter('notary', c.state, decision))
          await expect(notary.office.decide(n.caseNo, { decision })).rejects.toThrow(OfficeRefusal);
      }
    };
    const step = async (n: { id: number; caseNo: string }, decision: string) => {
      const from = (await notary.office.findCase(n.caseNo))!.state;
      const body = await notary.office.decide(n.caseNo, { decision, message: '请说明侵权网址', deadlineDays: 7 });
      const res = await call(t.app, 'POST', '/api/protection/notarization/notify', undefined, body);
      expect(res.body.data?.outcome, JSON.stringify(res.body)).toBe('applied');
      taken.push(`${from} -${decision}-> ${body.state}`);
      await agree(n);
    };

    const a = await notarize();
    await step(a, 'accept');
    await step(a, 'request_info');
    const sup = await call(t.app, 'POST', `/api/protection/notarization/${a.id}/supplement`, alice.auth, {
      supplement: '侵权网址 https://example.test/p/2',
    });
    expect(sup.status).toBe(200);
    taken.push(`info_requested -resubmit-> ${(await notary.office.findCase(a.caseNo))!.state}`);
    await agree(a);
    await step(a, 'issue');
    const b = await notarize();
    await step(b, 'request_info');
    await step(b, 'refuse');
    const c = await notarize();
    await step(c, 'refuse');
    const d = await notarize();
    await step(d, 'accept');
    await step(d, 'refuse');
    const w = await notarize();
    const withdrawn = await call(t.app, 'POST', `/api/protection/notarization/${w.id}/withdraw`, alice.auth);
    expect(withdrawn.status).toBe(200);
    taken.push(`received -withdraw-> ${(await notary.office.findCase(w.caseNo))!.state}`);
    await agree(w);
    expect([...new Set(taken)].sort()).toEqual(edgesOf('notary'));

    // The office accepted but its callback was lost: it refuses the withdrawal, the record catches up.
    const x = await notarize();
    await notary.office.decide(x.caseNo, { decision: 'accept' });
    const refused = await call(t.app, 'POST', `/api/protection/notarization/${x.id}/withdraw`, alice.auth);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('公证处已受理，不能撤回（状态稍后更新）');
    await reconcileJobs();
    expect((await getNot(x)).status).toBe(1);
    await agree(x);

    // A notary callback lost: the case is quiet, the sweep asks the office.
    const e = await notarize();
    await notary.office.decide(e.caseNo, { decision: 'accept' });
    expect((await getNot(e)).status).toBe(0);
    await reconcileQuietCases(t.db, 0);
    await reconcileJobs();
    expect((await getNot(e)).status).toBe(1);
  });
});
