import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { call } from '../../helpers/trade.js';
import { LEVELS } from '../../../src/schemas/licence/use-cases.js';
import { buyServiceWithWallet } from '../../helpers/service-orders.js';
import { credit } from '../../../server/src/repositories/wallet.js';
import { runUntilIdle } from '../../../server/src/jobs/index.js';
import { addLicenseeSite } from '../../../server/src/repositories/monitor.js';
import { ffmpegBin } from '../../../server/src/services/media/binaries.js';
import {
  SANDBOX_SITES,
  buildSandboxWeb,
  type SandboxManifest,
} from '../../../server/src/services/monitor/sandbox-web.js';
import { FINGERPRINT_TASK } from '../../../server/src/services/monitor/fingerprint-works.js';
import { SCAN_TASK } from '../../../server/src/services/monitor/scan.js';

const FIX = path.join(__dirname, '../../fixtures/pdq');

describe('copyright monitoring: plan, crawl of the sandbox web, hits and triage', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let alice: Awaited<ReturnType<typeof makeUser>>;
  let bob: Awaited<ReturnType<typeof makeUser>>;
  let carol: Awaited<ReturnType<typeof makeUser>>;
  let works: { a: number; b: number; c: number; v: number };
  let manifest: SandboxManifest;
  const originals: Record<string, Buffer> = {};

  const makeWork = async (type: number, title: string, data: Buffer, ext: string) => {
    const key = await t.app.storage.put(t.app.storage.newKey('originals', ext), data);
    return Number(
      (
        await t.db.query<{ id: string }>(
          `INSERT INTO materials(type, title, price_cents, original_path, format, owner_id, status) VALUES ($1, $2, 5000, $3, $4, $5, 1) RETURNING id`,
          [type, title, key, ext.toUpperCase(), alice.id],
        )
      ).rows[0].id,
    );
  };
  const buyLicence = async (user: typeof bob, materialId: number) => {
    const placed = await call(t.app, 'POST', '/api/trade/order', user.auth, {
      from: 'direct',
      items: [{ materialId, scenario: 'enterprise_new_media' }],
    });
    expect(placed.status, placed.body?.msg).toBe(200);
    const o = placed.body.data;
    await credit(t.db, user.id, 1_000_000, 'recharge', 'test');
    const paid = await call(t.app, 'POST', '/api/trade/pay/wallet', user.auth, { orderId: o.id });
    expect(paid.status).toBe(200);
  };
  const drain = (task: string) =>
    runUntilIdle(
      { db: t.db, storage: t.app.storage, config: t.app.config, log: t.app.log },
      { tasks: [task], timeoutMs: 240_000 },
    );
  const hits = async (kind?: string) =>
    (await call(t.app, 'GET', `/api/monitor/hits?pageSize=50${kind ? `&kind=${kind}` : ''}`, alice.auth)).body.data
      .list as any[];

  beforeAll(async () => {
    t = await makeTestApp();
    alice = await makeUser(t.db);
    bob = await makeUser(t.db, { owner_type: 'ORGANISATIONS', company_name: '正版图库有限公司' });
    carol = await makeUser(t.db, { owner_type: 'ORGANISATIONS', company_name: '转载网络科技有限公司' });
    for (const f of ['q1050', 'q2821', 'q0291']) originals[f] = fs.readFileSync(path.join(FIX, `${f}.jpg`));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-mon-'));
    execFileSync(await ffmpegBin(), [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'mandelbrot=s=320x240:r=25',
      '-t',
      '8',
      '-pix_fmt',
      'yuv420p',
      path.join(dir, 'v.mp4'),
    ]);
    originals.v = fs.readFileSync(path.join(dir, 'v.mp4'));
    fs.rmSync(dir, { recursive: true, force: true });
    works = {
      a: await makeWork(11, '湖畔', originals.q1050, 'jpg'),
      b: await makeWork(11, '街景', originals.q2821, 'jpg'),
      c: await makeWork(11, '山谷', originals.q0291, 'jpg'),
      v: await makeWork(1, '分形动画', originals.v, 'mp4'),
    };
    manifest = await buildSandboxWeb(t.app.storage, {
      images: [
        { id: works.a, type: 11, title: '湖畔', original: originals.q1050 },
        { id: works.b, type: 11, title: '街景', original: originals.q2821 },
        { id: works.c, type: 11, title: '山谷', original: originals.q0291 },
      ],
      videos: [{ id: works.v, type: 1, title: '分形动画', original: originals.v }],
      licensedWorkId: works.a,
    });
  });
  afterAll(() => t?.close());

  it('adding a work needs a paid 版权监测 unit; each work takes one, atomically', async () => {
    const refused = await call(t.app, 'POST', '/api/monitor/works', alice.auth, { workId: works.a });
    expect(refused.status).toBe(402);
    await buyServiceWithWallet(t.app, t.db, alice, 'monitor_3', 2);
    const adds = await Promise.all(
      Object.values(works).map((workId) => call(t.app, 'POST', '/api/monitor/works', alice.auth, { workId })),
    );
    expect(adds.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const ov = (await call(t.app, 'GET', '/api/monitor/overview', alice.auth)).body.data;
    expect(ov.works).toHaveLength(4);
    expect(ov.quota).toMatchObject({ left: 2, total: 6 });
    expect((await call(t.app, 'POST', '/api/monitor/works', bob.auth, { workId: works.a })).status).toBe(404);
  });

  it('sources are validated and limited', async () => {
    expect(
      (await call(t.app, 'POST', '/api/monitor/sources', alice.auth, { name: '坏地址', url: 'ftp://x' })).status,
    ).toBe(400);
    for (const host of Object.values(SANDBOX_SITES)) {
      expect(
        (
          await call(t.app, 'POST', '/api/monitor/sources', alice.auth, {
            name: host,
            url: `http://${host}/`,
            maxDepth: 2,
          })
        ).status,
      ).toBe(200);
    }
    expect(
      (
        await call(t.app, 'POST', '/api/monitor/sources', alice.auth, {
          name: '重复',
          url: `http://${SANDBOX_SITES.blog}/`,
        })
      ).status,
    ).toBe(409);
  });

  it('a scan finds transformed copies, not unrelated images nor pages robots.txt or the depth bound exclude; licensed use is auto-approved', async () => {
    await addLicenseeSite(t.db, bob.id, SANDBOX_SITES.shop);
    await buyLicence(bob, works.a);
    await drain(FINGERPRINT_TASK);
    const fp = await t.db.query('SELECT work_id, count(*)::int AS n FROM monitor_fingerprints GROUP BY work_id');
    expect(fp.rows.length).toBe(4);
    const scan = await call(t.app, 'POST', '/api/monitor/scan', alice.auth);
    expect(scan.status).toBe(200);
    await drain(SCAN_TASK);
    const found = new Map((await hits()).map((h) => [h.mediaUrl, h]));
    const expectFound = ['recompress', 'colour', 'mirror', 'padding', 'watermark', 'text', 'trimmed-video', 'licensed'];
    for (const c of manifest.copies) {
      if (c.workId === null) expect(found.has(c.mediaUrl), `unrelated ${c.mediaUrl}`).toBe(false);
      else if (expectFound.includes(c.transform)) {
        expect(found.get(c.mediaUrl)?.workId, `${c.transform} ${c.mediaUrl}`).toBe(c.workId);
      }
    }
    for (const h of manifest.hidden) expect(found.has(h.mediaUrl)).toBe(false);
    const licensed = [...found.values()].find((h) => h.host === SANDBOX_SITES.shop);
    expect(licensed).toMatchObject({
      status: 'licensed',
      licence: expect.objectContaining({ scenario: 'enterprise_new_media' }),
    });
    const video = (await hits('video'))[0];
    expect(video.workId).toBe(works.v);
    expect(video.timeRange.original[0]).toBeGreaterThanOrEqual(0.5);
    expect(video.timeRange.original[0]).toBeLessThanOrEqual(1.5);
    expect(video.thumb).toBeTruthy();
    // Another user sees none of alice's hits.
    expect((await call(t.app, 'GET', '/api/monitor/hits', bob.auth)).body.data.total).toBe(0);
  }, 300_000);

  it('triage: approve, ignore, not-mine feeds the false-positive list, ownership is checked', async () => {
    const pending = (await hits('image')).filter((h) => h.status === 'pending');
    expect(pending.length).toBeGreaterThanOrEqual(4);
    const [a, b, c] = pending;
    expect(
      (await call(t.app, 'POST', `/api/monitor/hits/${a.id}/triage`, bob.auth, { action: 'approve' })).status,
    ).toBe(404);
    expect(
      (await call(t.app, 'POST', `/api/monitor/hits/${a.id}/triage`, alice.auth, { action: 'approve' })).body.data
        .status,
    ).toBe('approved');
    expect(
      (await call(t.app, 'POST', `/api/monitor/hits/${a.id}/triage`, alice.auth, { action: 'ignore' })).status,
    ).toBe(409);
    expect(
      (await call(t.app, 'POST', `/api/monitor/hits/${b.id}/triage`, alice.auth, { action: 'ignore' })).body.data
        .status,
    ).toBe('ignored');
    expect(
      (await call(t.app, 'POST', `/api/monitor/hits/${c.id}/triage`, alice.auth, { action: 'not_mine' })).body.data
        .status,
    ).toBe('not_mine');
    expect(
      (
        await t.db.query('SELECT 1 FROM monitor_false_positives WHERE owner_id = $1 AND media_hash = $2', [
          alice.id,
          c.mediaHash,
        ])
      ).rowCount,
    ).toBe(1);
    expect(
      (await call(t.app, 'POST', `/api/monitor/hits/${c.id}/triage`, alice.auth, { action: 'bogus' })).status,
    ).toBe(400);
  });

  it('evidence goes into the evidence log; a takedown notice PDF names the page and the work', async () => {
    const h = (await hits('image')).find((x) => x.status === 'pending')!;
    const ev = await call(t.app, 'POST', `/api/monitor/hits/${h.id}/triage`, alice.auth, { action: 'evidence' });
    expect(ev.status).toBe(200);
    expect(ev.body.data.sha256).toMatch(/^[0-9a-f]{64}$/);
    const leaf = await t.db.query('SELECT payload FROM evidence_log_leaves WHERE cert_no = $1', [ev.body.data.certNo]);
    expect(leaf.rows[0].payload).toMatchObject({ type: 'monitor-evidence', hitId: h.id, sha256: ev.body.data.sha256 });
    const td = await call(t.app, 'POST', `/api/monitor/hits/${h.id}/triage`, alice.auth, { action: 'takedown' });
    expect(td.status).toBe(200);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/monitor/hits/${h.id}/takedown.pdf`,
      headers: alice.auth,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/monitor/hits/${h.id}/takedown.pdf`, headers: bob.auth }))
        .statusCode,
    ).toBe(404);
    expect((await hits()).find((x) => x.id === h.id).status).toBe('takedown');
  });

  it('a retroactive licence offer, claimed and paid by the site operator, turns the hit into licensed use', async () => {
    const h = (await hits('image')).find((x) => x.status === 'pending') ?? (await hits('video'))[0];
    const offer = await call(t.app, 'POST', `/api/monitor/hits/${h.id}/triage`, alice.auth, { action: 'offer' });
    expect(offer.status).toBe(200);
    const token = offer.body.data.token;
    // What the operator's page shows: the work, the use found, the offered licence at today's price.
    const view = (await call(t.app, 'GET', `/api/monitor/offers/${token}`)).body.data;
    const price = (
      await t.db.query<{ price_cents: string }>('SELECT price_cents FROM materials WHERE id = $1', [h.workId])
    ).rows[0].price_cents;
    expect(view).toMatchObject({
      workId: h.workId,
      pageUrl: h.pageUrl,
      host: new URL(h.pageUrl).host,
      scenario: 'enterprise_promotion',
      scenarioName: '企业宣传推广',
      forSale: true,
      status: 'offered',
      viewerLicenceId: null,
    });
    // enterprise_promotion is a company-level scenario: the base price times the company multiplier.
    const company = LEVELS.company.multiplier;
    expect(view.priceCents).toBe(Math.round(Number(price) * company));
    expect(view).not.toHaveProperty('ownerId');
    expect((await call(t.app, 'GET', '/api/monitor/offers/0123456789abcdef01234567')).status).toBe(404);
    expect((await call(t.app, 'POST', `/api/monitor/offers/${token}/claim`, carol.auth)).status).toBe(200);
    expect((await hits()).find((x) => x.id === h.id).status).toBe('offered');
    await buyLicence(carol, h.workId);
    // The offer page turns licensed at once, and names the certificate only to its holder.
    const paid = (await call(t.app, 'GET', `/api/monitor/offers/${token}`, carol.auth)).body.data;
    expect(paid.status).toBe('licensed');
    const licence = await t.db.query<{ id: string }>(
      'SELECT id FROM licences WHERE user_id = $1 AND material_id = $2',
      [carol.id, h.workId],
    );
    expect(paid.viewerLicenceId).toBe(Number(licence.rows[0].id));
    expect((await call(t.app, 'GET', `/api/monitor/offers/${token}`, alice.auth)).body.data.viewerLicenceId).toBe(null);
    expect((await call(t.app, 'GET', `/api/monitor/offers/${token}`)).body.data.viewerLicenceId).toBe(null);
    const after = (await hits()).find((x) => x.id === h.id);
    expect(after.status).toBe('licensed');
    expect(after.licence).toBeTruthy();
  });
});
