import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { call, makeMaterial } from '../../helpers/trade.js';
import { buyServiceWithWallet } from '../../helpers/service-orders.js';
import { pdfTextLines } from '../../helpers/pdf-text.js';
import { FAST, servicesOf, waitForJob } from '../../helpers/jobs.js';
import { runUntilIdle } from '../../../server/src/jobs/index.js';
import { TRACE_CERT_TASK, issueTraceCertificate } from '../../../server/src/services/trace-certificates.js';
import { commitDeposit } from '../../../server/src/services/deposit-ledger.js';
import { leafByCertNo } from '../../../server/src/repositories/evidence-log.js';
import { parseLeaf } from '../../../server/src/evidence/leaf.js';

const sha = (b: Uint8Array) => crypto.createHash('sha256').update(b).digest('hex');

/**
 * Traceability: a work's timeline built from its real records (upload, deposit in the evidence log,
 * registration, licence sold with the buyer masked, completed transfer, monitoring hits once that
 * table exists), only for its owner; the trace certificate costs a paid unit, its PDF hash is a
 * 'trace-cert' leaf of the log, and the public check tells the issued file from a changed one.
 */
describe('trace timeline and trace certificates', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let alice: Awaited<ReturnType<typeof makeUser>>;
  let bob: Awaited<ReturnType<typeof makeUser>>;
  let work: number;
  let depositCert: string;
  let certNo: string;
  let pdf: Buffer;
  const title = `山间晨雾-${Date.now()}`;
  const timeline = async (who = alice) => call(t.app, 'GET', `/api/trace/works/${work}/timeline`, who.auth);

  beforeAll(async () => {
    t = await makeTestApp();
    alice = await makeUser(t.db, { company_name: '晨光影像工作室', owner_type: 'ORGANISATIONS' });
    bob = await makeUser(t.db);
    work = await makeMaterial(t.app, t.db, { title, priceCents: 1000, original: Buffer.from('ORIGINAL') });
    await t.db.query('UPDATE materials SET owner_id = $1 WHERE id = $2', [alice.id, work]);

    // A deposit of the work, committed to the evidence log the way the deposit route does it.
    const depositId = Number(
      (
        await t.db.query(
          `INSERT INTO evidence_deposits(user_id, material_id, work_name, work_category, form, file_name, file_key, file_size, mime, sha256)
       VALUES ($1, $2, $3, 1, '{}', 'fog.jpg', 'deposits/x/fog.jpg', 10, 'image/jpeg', $4) RETURNING id`,
          [alice.id, work, title, 'cd'.repeat(32)],
        )
      ).rows[0].id,
    );
    depositCert = (
      await t.db.tx((q) =>
        commitDeposit(q, {
          id: depositId,
          userId: alice.id,
          materialId: work,
          sha256: 'cd'.repeat(32),
          workName: title,
          fileName: 'fog.jpg',
        }),
      )
    ).certNo;
    // An issued registration of the same work (registrations name works by title).
    await t.db.query(
      `INSERT INTO registrations(user_id, kind, work_name, work_category, form, status, case_no, registration_no, issued_at) VALUES ($1, 'copyright', $2, 1, '{}', 2, 'AC-1', '国作登字-2026-F-00000001', now())`,
      [alice.id, title],
    );
    // Bob buys a licence through the real order and wallet payment.
    const o = (
      await call(t.app, 'POST', '/api/trade/order', bob.auth, {
        from: 'direct',
        items: [{ materialId: work, scenario: 'personal_media' }],
      })
    ).body.data;
    await t.db.query('UPDATE users SET balance_cents = 100000 WHERE id = $1', [bob.id]);
    expect((await call(t.app, 'POST', '/api/trade/pay/wallet', bob.auth, { orderId: o.id })).status).toBe(200);
    // A completed transfer resting on the deposit (the trading flow has its own tests).
    const listing = Number(
      (
        await t.db.query(
          `INSERT INTO copyright_listings(seller_id, proof_type, proof_id, work_name, work_category, mode, rights, territory, exclusive, price_cents, status)
       VALUES ($1, 'deposit', $2, $3, 1, 'transfer', '{reproduction}', '中国大陆', true, 50000, 'sold') RETURNING id`,
          [alice.id, depositId, title],
        )
      ).rows[0].id,
    );
    await t.db.query(
      `INSERT INTO copyright_deals(listing_id, buyer_id, seller_id, price_cents, status, ledger_height, completed_at) VALUES ($1, $2, $3, 50000, 'completed', 7, now())`,
      [listing, bob.id, alice.id],
    );
  }, 180_000);
  afterAll(() => t?.close());

  it("lists the chain of title and spread of the owner's work from its records, buyers masked", async () => {
    const r = await timeline();
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const events = r.body.data.events as Array<Record<string, any>>;
    expect(events.map((e) => e.kind)).toEqual(['upload', 'deposit', 'registration', 'licence', 'transfer']);
    expect(events[1]).toMatchObject({
      certNo: depositCert,
      sha256: 'cd'.repeat(32),
      leafIndex: expect.any(Number),
      status: '已存证',
    });
    const leaf = await leafByCertNo(t.db, depositCert);
    expect(events[1].leafIndex).toBe(leaf!.idx);
    expect(events[2]).toMatchObject({ status: '登记成功', certNo: '国作登字-2026-F-00000001' });
    const bobName = (await t.db.query('SELECT nickname FROM users WHERE id = $1', [bob.id])).rows[0].nickname as string;
    expect(events[3].detail).not.toContain(bobName);
    expect(events[3]).toMatchObject({ title: expect.stringContaining('个人自媒体'), status: '授权有效' });
    expect(events[3].detail).toContain(`${bobName[0]}****${bobName[bobName.length - 1]}`);
    expect(events[4]).toMatchObject({ title: `版权转让：${title}`, leafIndex: 7 });
    expect(events[4].detail).not.toContain(bobName);

    const works = (await call(t.app, 'GET', '/api/trace/works', alice.auth)).body.data.list;
    expect(works).toEqual([expect.objectContaining({ id: work, title, events: 5, certificates: 0 })]);
  });

  it("shows monitoring hits, only the owner's hits of this work", async () => {
    // Hits as the monitoring scan records them (migration 860): one on Alice's work, one of Bob's.
    await t.db.query(
      `INSERT INTO monitor_hits(work_id, owner_id, media_kind, page_url, media_url, media_hash, similarity, distance, status, first_seen_at, last_seen_at) VALUES
      ($1, $2, 'image', 'https://blog.example.test/p/9', 'https://blog.example.test/a.jpg', 'ab', 0.93, 18, 'takedown', now(), now()),
      ($1, $3, 'image', 'https://other.example.test/x', 'https://other.example.test/b.jpg', 'cd', 0.5, 120, 'pending', now(), now())`,
      [work, alice.id, bob.id],
    );
    const events = (await timeline()).body.data.events as Array<Record<string, any>>;
    const hits = events.filter((e) => e.kind === 'monitor-hit');
    expect(hits).toEqual([
      expect.objectContaining({
        title: '监测发现：blog.example.test',
        url: 'https://blog.example.test/p/9',
        status: '已发侵权通知',
      }),
    ]);
    expect(hits[0].detail).toContain('相似度 93%');
  });

  it('keeps works to their owner', async () => {
    expect((await timeline(bob)).status).toBe(404);
    expect((await call(t.app, 'POST', `/api/trace/works/${work}/certificates`, bob.auth)).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/trace/works', bob.auth)).body.data.list).toEqual([]);
    expect((await call(t.app, 'GET', `/api/trace/works/${work}/timeline`)).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/trace/works/abc/timeline', alice.auth)).status).toBe(400);
  });

  it('issues a certificate for a paid unit and enters its PDF hash in the evidence log', async () => {
    const unpaid = await call(t.app, 'POST', `/api/trace/works/${work}/certificates`, alice.auth);
    expect(unpaid.status).toBe(402);
    expect(unpaid.body.msg).toContain('版权溯源');
    await buyServiceWithWallet(t.app, t.db, alice, 'trace_1');
    const queued = await call(t.app, 'POST', `/api/trace/works/${work}/certificates`, alice.auth);
    expect(queued.status, JSON.stringify(queued.body)).toBe(200);
    // Drawn on the job queue; the owner follows it on /api/jobs/:id (another user cannot).
    await runUntilIdle(servicesOf(t.app), { tasks: [TRACE_CERT_TASK], ...FAST, timeoutMs: 60_000 });
    const job = await waitForJob(t.db, queued.body.data.jobId, ['succeeded', 'failed']);
    expect(job.state, job.lastError ?? '').toBe('succeeded');
    expect((await call(t.app, 'GET', `/api/jobs/${job.id}`, bob.auth)).status).toBe(404);
    const issued = await call(t.app, 'GET', `/api/jobs/${job.id}`, alice.auth);
    expect(issued.body.data).toMatchObject({ state: 'succeeded', progress: 100 });
    issued.body.data = issued.body.data.result;
    certNo = issued.body.data.certNo;
    // A job runs at least once: running it again answers the certificate it committed, charging nothing.
    const again = await issueTraceCertificate({ db: t.db, storage: t.app.storage, publicUrl: '' }, alice.id, work, {
      jobId: job.id,
    });
    expect(again.certNo).toBe(certNo);
    expect(Number((await t.db.query('SELECT count(*) AS n FROM trace_certificates')).rows[0].n)).toBe(1);
    const inbox = (await call(t.app, 'GET', '/api/notifications/list?kind=trace', alice.auth)).body.data.list;
    expect(inbox).toEqual([
      expect.objectContaining({ title: `「${title}」溯源证书已出具`, link: `/cyprotect/mytrace?work=${work}` }),
    ]);
    expect(certNo).toMatch(/^TR\d{16}-[0-9A-Z]{6}$/);
    // The unit is spent: a second certificate needs another purchase.
    expect((await call(t.app, 'POST', `/api/trace/works/${work}/certificates`, alice.auth)).status).toBe(402);

    const dl = await t.app.inject({ url: `/api/trace/certificates/${certNo}/pdf`, headers: alice.auth });
    expect(dl.statusCode).toBe(200);
    pdf = dl.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(sha(pdf)).toBe(issued.body.data.sha256);
    expect((await t.app.inject({ url: `/api/trace/certificates/${certNo}/pdf`, headers: bob.auth })).statusCode).toBe(
      404,
    );

    const leaf = await leafByCertNo(t.db, certNo);
    expect(leaf?.payload).toMatchObject({ type: 'trace-cert', certNo, workId: work });
    expect(parseLeaf(leaf!.leaf)).toMatchObject({ type: 'trace-cert', certNo, sha256: sha(pdf) });
    expect(leaf!.idx).toBe(issued.body.data.leafIndex);

    const text = (await pdfTextLines(pdf)).flat().join('\n');
    expect(text).toContain('版权溯源证书');
    expect(text).toContain(certNo);
    expect(text).toContain(title);
    expect(text).toContain(depositCert);
    expect(text).toContain('blog.example.test');

    const after = (await timeline()).body.data.events as Array<Record<string, any>>;
    expect(after.at(-1)).toMatchObject({ kind: 'trace-cert', certNo, sha256: sha(pdf), leafIndex: leaf!.idx });
  });

  it('verifies the certificate publicly by number, and a changed file fails', async () => {
    const r = await call(t.app, 'GET', `/api/trace/verify/${certNo}`);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      certNo,
      workTitle: title,
      owner: '晨光影像工作室',
      valid: true,
      sha256: sha(pdf),
      fileMatches: null,
    });
    expect(r.body.data.events.map((e: any) => e.kind)).toContain('deposit');

    const same = await call(t.app, 'GET', `/api/trace/verify/${certNo}?sha256=${sha(pdf)}`);
    expect(same.body.data).toMatchObject({ valid: true, fileMatches: true });
    const tampered = Buffer.from(pdf);
    tampered[Math.floor(tampered.length / 2)] ^= 1;
    const changed = await call(t.app, 'GET', `/api/trace/verify/${certNo}?sha256=${sha(tampered)}`);
    expect(changed.body.data).toMatchObject({ valid: true, fileMatches: false });
    expect(changed.body.data.reason).toContain('不一致');

    expect((await call(t.app, 'GET', '/api/trace/verify/TR2026010100000001-ABCDEF')).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/trace/verify/not-a-number')).status).toBe(400);
    expect((await call(t.app, 'GET', `/api/trace/verify/${certNo}?sha256=xyz`)).status).toBe(400);
  });

  it('fails the check when the stored certificate or its record was altered', async () => {
    const row = (await t.db.query('SELECT file_key FROM trace_certificates WHERE cert_no = $1', [certNo])).rows[0];
    const tampered = Buffer.from(pdf);
    tampered[100] ^= 1;
    await t.app.storage.put(row.file_key, tampered);
    const fileChanged = (await call(t.app, 'GET', `/api/trace/verify/${certNo}`)).body.data;
    expect(fileChanged.valid).toBe(false);
    expect(fileChanged.reason).toContain('篡改');
    await t.app.storage.put(row.file_key, pdf);
    expect((await call(t.app, 'GET', `/api/trace/verify/${certNo}`)).body.data.valid).toBe(true);

    // A record rewritten to claim the changed file's hash no longer matches its log leaf.
    await t.db.query('UPDATE trace_certificates SET sha256 = $1 WHERE cert_no = $2', [sha(tampered), certNo]);
    await t.app.storage.put(row.file_key, tampered);
    const rewritten = (await call(t.app, 'GET', `/api/trace/verify/${certNo}?sha256=${sha(tampered)}`)).body.data;
    expect(rewritten).toMatchObject({ valid: false, fileMatches: false });
    expect(rewritten.reason).toContain('不一致');
  });
});
