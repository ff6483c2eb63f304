// @one-engine: the time goes to Chromium or ffmpeg; the rows are plain (scripts/test-all.mjs).
import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { call } from '../../helpers/trade.js';
import { buyServiceWithWallet } from '../../helpers/service-orders.js';
import { servicesOf } from '../../helpers/jobs.js';
import { listen, portOf, siteHandler, testCertificate, usePublicWeb } from '../../helpers/capture-sites.js';
import { runUntilIdle } from '../../../server/src/jobs/index.js';
import { CAPTURE_TASK } from '../../../server/src/services/capture/run-capture.js';
import { leafAt } from '../../../server/src/repositories/evidence-log.js';
import { parseLeaf } from '../../../server/src/evidence/leaf.js';
import { unzipStore } from '../../../server/src/services/capture/zip.js';
import { CAPTURE_CERT_NO_PATTERN } from '../../../src/schemas/api/web-capture.js';

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

/**
 * The test sites listen on loopback, which the egress policy refuses; they are reached by public
 * names instead (usePublicWeb: public-range addresses whose connections lead to the loopback servers).
 */
describe('web-page evidence capture of public pages (HTTP and HTTPS)', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let alice: Awaited<ReturnType<typeof makeUser>>;
  let bob: Awaited<ReturnType<typeof makeUser>>;
  const marker = `M${crypto.randomBytes(6).toString('hex')}`;
  const trusted = testCertificate('trusted-site', ['secure-site.test']);
  const untrusted = testCertificate('untrusted-site', ['bad-tls.test']);
  const sites: Array<{ origin: string; close: () => Promise<void> }> = [];
  let httpSite: string, httpsSite: string, badTlsSite: string;
  const savedPins = process.env.CAPTURE_TRUSTED_SPKI;
  let restoreNetwork = () => {};

  beforeAll(async () => {
    process.env.CAPTURE_TRUSTED_SPKI = trusted.spki; // Chromium trusts the test site's key, not the other one
    sites.push(await listen(http.createServer(siteHandler(marker))));
    sites.push(await listen(https.createServer({ cert: trusted.cert, key: trusted.key }, siteHandler(marker))));
    sites.push(await listen(https.createServer({ cert: untrusted.cert, key: untrusted.key }, siteHandler(marker))));
    restoreNetwork = usePublicWeb([
      { name: 'public-site.test', address: '93.184.216.34', port: 80, to: portOf(sites[0].origin) },
      { name: 'secure-site.test', address: '93.184.216.35', port: 443, to: portOf(sites[1].origin) },
      { name: 'bad-tls.test', address: '93.184.216.36', port: 443, to: portOf(sites[2].origin) },
    ]);
    [httpSite, httpsSite, badTlsSite] = ['http://public-site.test', 'https://secure-site.test', 'https://bad-tls.test'];
    t = await makeTestApp();
    alice = await makeUser(t.db);
    bob = await makeUser(t.db);
  });
  afterAll(async () => {
    process.env.CAPTURE_TRUSTED_SPKI = savedPins;
    restoreNetwork();
    await Promise.all(sites.map((s) => s.close()));
    await t?.close();
  });

  const quotaLeft = async () =>
    (await call(t.app, 'GET', '/api/service-orders/quota?service=web_evidence', alice.auth)).body.data.list.reduce(
      (n: number, q: any) => n + q.left,
      0,
    );
  const run = () => runUntilIdle(servicesOf(t.app), { tasks: [CAPTURE_TASK], pollMs: 50, timeoutMs: 120_000 });
  const file = async (id: number, name: string) =>
    (await t.app.inject({ url: `/api/protection/captures/${id}/files/${name}`, headers: alice.auth })).rawPayload;

  it('refuses bad input in Chinese and needs a paid web-evidence unit', async () => {
    const bad = await call(t.app, 'POST', '/api/protection/captures', alice.auth, { urls: ['ftp://example.test/x'] });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('网址');
    const none = await call(t.app, 'POST', '/api/protection/captures', alice.auth, { urls: [] });
    expect(none.status).toBe(400);
    const click = await call(t.app, 'POST', '/api/protection/captures', alice.auth, {
      urls: [`${httpSite}/page`],
      steps: [{ action: 'click' }],
    });
    expect(click.status).toBe(400);
    const unpaid = await call(t.app, 'POST', '/api/protection/captures', alice.auth, { urls: [`${httpSite}/page`] });
    expect(unpaid.status).toBe(402);
    expect(unpaid.body.data.buy).toBe('/cyprotect/myorderinfo?buy=web_evidence');
  });

  it('captures HTTP and HTTPS pages: every artefact hash matches the manifest, the manifest hash is the log leaf', async () => {
    await buyServiceWithWallet(t.app, t.db, alice, 'web_evidence_10');
    expect(await quotaLeft()).toBe(10);
    const created = await call(t.app, 'POST', '/api/protection/captures', alice.auth, {
      title: '回环测试',
      urls: [`${httpSite}/old`, `${httpsSite}/page`],
      steps: [{ action: 'scroll' }, { action: 'wait', ms: 50 }],
      cookies: [{ name: 'sid', value: 'secret-session' }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id;
    expect(await quotaLeft()).toBe(9);
    expect((await call(t.app, 'GET', `/api/protection/captures/${id}`, bob.auth)).status).toBe(404);
    await run();

    const c = (await call(t.app, 'GET', `/api/protection/captures/${id}`, alice.auth)).body.data;
    expect(c, JSON.stringify(c.job)).toMatchObject({
      status: 2,
      certNo: expect.stringMatching(new RegExp(CAPTURE_CERT_NO_PATTERN)),
      job: { state: 'succeeded', progress: 100 },
    });
    expect(c.tsaTime).toBeTruthy();
    expect(c.pages).toEqual([
      expect.objectContaining({
        url: `${httpSite}/old`,
        finalUrl: `${httpSite}/page`,
        status: 200,
        ok: true,
        redirects: [{ from: `${httpSite}/old`, to: `${httpSite}/page`, status: 301 }],
      }),
      expect.objectContaining({ url: `${httpsSite}/page`, status: 200, ok: true, title: `侵权页面 ${marker}` }),
    ]);
    const names = c.artefacts.map((a: any) => a.name);
    for (const n of [
      'page-1/screenshot.png',
      'page-1/page.pdf',
      'page-1/dom.html',
      'page-2/screenshot.png',
      'archive.wacz',
      'archive.warc',
      'archive.har',
      'network.json',
      'provenance.json',
      'manifest.json',
      'manifest.tsr',
      'start.tsr',
    ]) {
      expect(names).toContain(n);
    }
    const pem = c.artefacts.find((a: any) => a.name.startsWith('tls/'));
    expect(pem).toBeTruthy();

    // Every artefact downloaded equals its manifest entry; the manifest's own hash is the leaf's.
    const manifestBytes = await file(id, 'manifest.json');
    expect(sha256(manifestBytes)).toBe(c.manifestSha256);
    const manifest = JSON.parse(manifestBytes.toString('utf8'));
    expect(manifest.files.length).toBeGreaterThanOrEqual(11);
    for (const f of manifest.files) expect(sha256(await file(id, f.name)), f.name).toBe(f.sha256);
    const leaf = parseLeaf((await leafAt(t.db, c.logIndex))!.leaf)!;
    expect(leaf).toMatchObject({ type: 'web-capture', sha256: c.manifestSha256, certNo: c.certNo });

    // The artefacts hold what the page showed.
    expect((await file(id, 'page-1/dom.html')).toString('utf8')).toContain(`<h1 id="t">${marker}</h1>`);
    expect((await file(id, 'page-1/dom.html')).toString('utf8')).toContain('cookie=sid=secret-session');
    expect((await file(id, 'page-1/screenshot.png')).subarray(1, 4).toString()).toBe('PNG');
    expect((await file(id, 'page-2/page.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await file(id, pem.name)).toString('utf8')).toBe(trusted.cert.replace(/\r/g, ''));
    const warc = (await file(id, 'archive.warc')).toString('utf8');
    expect(warc).toContain('WARC/1.1');
    expect(warc).toContain(`WARC-Target-URI: ${httpsSite}/page`);
    expect(warc).toContain(`<h1 id="t">${marker}</h1>`);
    const wacz = unzipStore(await file(id, 'archive.wacz'));
    const dp = JSON.parse(wacz.get('datapackage.json')!.toString('utf8'));
    for (const r of dp.resources) expect(`sha256:${sha256(wacz.get(r.path)!)}`).toBe(r.hash);
    expect(wacz.get('pages/pages.jsonl')!.toString('utf8')).toContain(`${httpsSite}/page`);
    expect(wacz.get('indexes/index.cdx')!.toString('utf8')).toContain('public-site');
    const network = JSON.parse((await file(id, 'network.json')).toString('utf8'));
    expect(network.responses.find((r: any) => r.url === `${httpSite}/page`).headers['x-test-header']).toBe('capture');
    expect(network.dns).toContainEqual(
      expect.objectContaining({ host: 'public-site.test', lookup: [{ address: '93.184.216.34', family: 4 }] }),
    );
    expect(network.egress).toContainEqual(
      expect.objectContaining({ host: 'secure-site.test', port: 443, address: '93.184.216.35' }),
    );
    expect(c.pages[1].remoteAddress).toEqual({ ipAddress: '93.184.216.35', port: 443 });
    expect(network.tls[0]).toMatchObject({
      chain: [expect.objectContaining({ fingerprint256: trusted.fingerprint256 })],
    });
    const prov = JSON.parse((await file(id, 'provenance.json')).toString('utf8'));
    expect(prov.browser.version).toMatch(/^\d+\./);
    expect(prov.helpers[0].sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(prov.tsaTimeAtStart.time).toBeTruthy();
    expect(prov.options.cookies).toEqual([{ name: 'sid', domain: null }]);
    expect(JSON.stringify(prov)).not.toContain('secret-session');
    expect(prov.steps.map((s: any) => s.action)).toEqual(
      expect.arrayContaining(['launch', 'cookies', 'goto', 'scroll', 'wait', 'snapshot']),
    );

    // Bundle, certificate and the public check.
    const bundle = unzipStore(
      (await t.app.inject({ url: `/api/protection/captures/${id}/bundle`, headers: alice.auth })).rawPayload,
    );
    expect(sha256(bundle.get('manifest.json')!)).toBe(c.manifestSha256);
    expect(bundle.get('取证证书.pdf')!.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.app.inject({ url: `/api/protection/captures/${id}/bundle`, headers: bob.auth })).statusCode).toBe(
      404,
    );
    const cert = await t.app.inject({ url: `/api/protection/captures/${id}/certificate`, headers: alice.auth });
    expect(cert.headers['content-type']).toContain('application/pdf');
    const verify = await call(t.app, 'GET', `/api/protection/captures/verify/${c.certNo}`);
    expect(verify.body.data).toMatchObject({
      certNo: c.certNo,
      manifestSha256: c.manifestSha256,
      logIndex: c.logIndex,
      urls: [`${httpSite}/old`, `${httpsSite}/page`],
    });
    expect((await call(t.app, 'GET', '/api/protection/captures/verify/WC2026010100000001-ABCDEF')).status).toBe(404);
    expect(await quotaLeft()).toBe(9);
  });

  it('records failures (TLS, 404, refused connection) with their logs and gives the unit back; a retry is charged once', async () => {
    const before = await quotaLeft();
    const created = await call(t.app, 'POST', '/api/protection/captures', alice.auth, {
      urls: [`${badTlsSite}/page`, `${httpSite}/missing`],
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect(await quotaLeft()).toBe(before - 1);
    await run();
    const c = (await call(t.app, 'GET', `/api/protection/captures/${id}`, alice.auth)).body.data;
    expect(c).toMatchObject({ status: 3, certNo: null, logIndex: null });
    expect(c.pages).toEqual([
      expect.objectContaining({
        url: `${badTlsSite}/page`,
        ok: false,
        failure: 'tls',
        error: expect.stringContaining('ERR_CERT'),
      }),
      expect.objectContaining({ url: `${httpSite}/missing`, ok: false, failure: 'http', status: 404 }),
    ]);
    expect(c.error).toContain('TLS 证书错误');
    expect(c.error).toContain('服务器返回错误状态');
    const network = JSON.parse((await file(id, 'network.json')).toString('utf8'));
    expect(network.tls[0]).toMatchObject({
      authorized: false,
      chain: [expect.objectContaining({ fingerprint256: untrusted.fingerprint256 })],
    });
    expect(await quotaLeft()).toBe(before);
    expect(
      (await t.app.inject({ url: `/api/protection/captures/${id}/certificate`, headers: alice.auth })).statusCode,
    ).toBe(409);
    const inbox = (
      await call(t.app, 'GET', '/api/notifications/list?kind=service_order', alice.auth)
    ).body.data.list.map((n: any) => n.title);
    expect(inbox).toContain('网页取证失败，额度已退回');

    const retried = await call(t.app, 'POST', `/api/protection/captures/${id}/retry`, alice.auth);
    expect(retried.status).toBe(200);
    expect(await quotaLeft()).toBe(before - 1);
    await run();
    expect(await quotaLeft()).toBe(before);
    expect((await call(t.app, 'POST', `/api/protection/captures/${c.id}/retry`, bob.auth)).status).toBe(404);
  });

  it('spends units atomically under parallel requests', async () => {
    const left = await quotaLeft();
    const results = await Promise.all(
      Array.from({ length: left + 3 }, () =>
        call(t.app, 'POST', '/api/protection/captures', alice.auth, { urls: [`${httpSite}/page`] }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(left);
    expect(results.filter((r) => r.status === 402)).toHaveLength(3);
    expect(await quotaLeft()).toBe(0);
    // Leave the queued jobs for nobody: the app closes with them queued.
  });
});
