import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext } from '../../helpers/browser.js';
import { loginInDialog, payInSandbox } from '../../helpers/e2e-session.js';
import { downloadLatestCertificate, searchAndOpenVideo } from '../../helpers/e2e-trade.js';
import { findNginx, PROXY_ADDRESS, startTopology, type Topology } from '../../helpers/topology.js';

/**
 * The production shape in a browser: nginx terminating TLS in front of two app servers, a worker,
 * one PostgreSQL database and one S3 bucket (tests/helpers/topology.ts, as scripts/topology.ts runs it).
 * demo_buyer takes the buyer's journey through the proxy only; the app servers must share everything
 * (session, order, payment) and see the browser's address through X-Forwarded-For.
 *
 * Needs PostgreSQL (TEST_DATABASE_URL) and nginx, and fails without either (.ci/run provides both). Like
 * the API suite's *.pg.test.ts, the test command leaves it out of a run without TEST_DATABASE_URL and
 * says so (scripts/test-all.mjs).
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const missing = [!databaseUrl && 'TEST_DATABASE_URL (a PostgreSQL database)', !findNginx() && 'nginx'].filter(
  Boolean,
) as string[];

describe('a buyer through nginx, two app servers and a worker', () => {
  let browser: Browser;
  let topology: Topology | undefined;
  beforeAll(async () => {
    if (missing.length) throw new Error(`the deployment test needs ${missing.join(' and ')} (.ci/run provides both)`);
    // The e2e pass's client build (global-setup.ts), served by both app servers as one build would be in production.
    topology = await startTopology({ databaseUrl: databaseUrl!, clientDir: inject('clientDir'), waitForSeed: true });
    browser = await launchBrowser();
  }, 420_000);
  afterAll(async () => {
    await browser?.close();
    await topology?.stop();
  });

  it('demo_buyer searches, buys a licence now, pays in the sandbox and downloads the certificate over HTTPS; both app servers answer and see the browser, not the proxy', async () => {
    const base = topology!.url;
    // The certificate is self-signed (made at start): this context accepts it, as a browser told to would.
    const buyer = await newContext(browser, { ignoreHTTPSErrors: true });
    const page = await buyer.newPage();
    // Which app server answered each response: nginx adds X-Upstream (tests/helpers/topology.ts).
    const upstreams = new Set<string>();
    let hsts = '';
    page.on('response', (r) => {
      if (!r.url().startsWith(base)) return;
      const u = r.headers()['x-upstream'];
      // "a, b" when nginx passed the request on to the second server (proxy_next_upstream).
      for (const one of u?.split(/,\s*/) ?? []) upstreams.add(one);
      if (r.request().resourceType() === 'document') hsts ||= r.headers()['strict-transport-security'] ?? '';
    });

    await searchAndOpenVideo(page, base);
    // A personal scenario (demo_buyer is a personal account); buying asks to log in, then goes on.
    const scenario = '个人交流学习';
    await page.getByText(scenario, { exact: true }).click();
    await page.getByRole('button', { name: /立即购买/ }).click();
    await loginInDialog(page, 'demo_buyer');
    await page.waitForURL(/\/buy\/direct/);
    await page.waitForSelector('[data-testid="buy-amount"]');
    await page.getByRole('button', { name: /提交订单/ }).click();
    await page.waitForURL(/\/pay\?orderId=\d+/);
    // The sandbox page is on the same origin: the phone's context must accept the certificate too.
    await payInSandbox(page, { ignoreHTTPSErrors: true });
    await page.waitForSelector('text=支付成功', { timeout: 15000 });
    await downloadLatestCertificate(page, base, scenario);
    await buyer.close();

    // Round robin spread the journey over both app servers.
    const [a, b] = topology!.apps;
    expect([...upstreams].sort()).toEqual([new URL(a.origin).host, new URL(b.origin).host].sort());
    // X-Forwarded-Proto reached the app: it knew the request was HTTPS and pinned it (HSTS).
    expect(hsts).toMatch(/max-age=\d+/);
    // Every request the browser made reached nginx from 127.0.0.1, and each app server logged that
    // address, not the proxy's (127.0.0.2): TRUST_PROXY let X-Forwarded-For name the client.
    const access = topology!
      .accessLog()
      .split('\n')
      .filter(Boolean)
      .filter((l) => !l.includes('/api/health/'));
    expect(access.length).toBeGreaterThan(10);
    expect(access.filter((l) => !l.startsWith('127.0.0.1 '))).toEqual([]);
    for (const app of topology!.apps) {
      const answered = app.lines.filter((l) => l.msg === 'request answered');
      expect(answered.length, `${app.name} logged no request`).toBeGreaterThan(0);
      expect(new Set(answered.map((l) => l.ip))).toEqual(new Set(['127.0.0.1']));
    }
    expect(PROXY_ADDRESS).not.toBe('127.0.0.1');
  });
});
