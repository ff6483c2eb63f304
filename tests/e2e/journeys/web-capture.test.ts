import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import http from 'node:http';
import crypto from 'node:crypto';
import type { Browser } from 'playwright-core';
import { downloadBytes, launchBrowser } from '../../helpers/browser.js';
import { devToken, payInSandbox, signedInPage } from '../../helpers/e2e-session.js';
import { listen, siteHandler } from '../../helpers/capture-sites.js';
import { unzipStore } from '../../../server/src/services/capture/zip.js';

/**
 * A user buys a web-evidence package on /copyright/webEvidence → /cyprotect/mywebpage through the
 * WeChat sandbox, captures a page this test serves on loopback, watches the job finish, opens the
 * results (screenshot, manifest), downloads the bundle and the certificate, and checks the
 * certificate on /certifiy/{certNo}. SHOTS_DIR=... keeps screenshots of each page.
 */
describe('web-page evidence in the browser', () => {
  let browser: Browser;
  let site: { origin: string; close: () => Promise<void> };
  const marker = `E2E${crypto.randomBytes(4).toString('hex')}`;
  beforeAll(async () => {
    browser = await launchBrowser();
    site = await listen(http.createServer(siteHandler(marker)), inject('captureSitePort')); // the port the server's EGRESS_ALLOW opens
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('buy, capture a loopback page, open results, download bundle and certificate, verify', async () => {
    const base = inject('baseUrl');
    const shots = process.env.SHOTS_DIR;
    const token = await devToken(base, 'demo_creator');
    const { ctx, page } = await signedInPage(browser, token);

    // The public service page: prices from the catalogue, a sample, the start button.
    await page.goto(`${base}/copyright/webEvidence`);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="price-web_evidence_10"]')?.textContent === '¥99.00',
    );
    await page.getByTestId('web-evidence-sample').waitFor();
    if (shots) await page.screenshot({ path: `${shots}/web-evidence.png`, fullPage: true });
    await page.getByRole('button', { name: '开始取证' }).click();
    await page.waitForURL(/\/cyprotect\/mywebpage$/);

    // Buy 10 captures through the sandbox.
    await page.getByRole('button', { name: '购买网页取证服务' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="service-quote"]')?.textContent === '¥99.00');
    await page.getByRole('button', { name: '去支付' }).click();
    await page.waitForURL(/\/pay\?orderId=\d+/);
    await payInSandbox(page);
    await page.waitForSelector('text=服务已开通', { timeout: 15000 });

    // Capture the loopback page with a scroll step.
    await page.goto(`${base}/cyprotect/mywebpage`);
    await page.waitForFunction(() =>
      /剩余网页取证额度：10/.test(document.querySelector('[data-testid="service-quota"]')?.textContent ?? ''),
    );
    await page.getByLabel('网址1').fill(`${site.origin}/old`);
    await page.getByLabel('取证名称').fill(`回环取证 ${marker}`);
    await page.getByRole('button', { name: '开始取证' }).click();
    await page.waitForSelector('text=已提交取证任务');
    const row = page.locator('[data-testid="capture-list"] .ant-table-row', { hasText: marker });
    await row.waitFor();
    await row.locator('text=已完成').waitFor({ timeout: 120_000 });
    if (shots) await page.screenshot({ path: `${shots}/mywebpage.png`, fullPage: true });
    await row.getByRole('button', { name: '查看结果' }).click();

    // Results: screenshot, DOM snapshot, manifest; the hash shown is the manifest's in the bundle.
    await page.getByTestId('capture-result').waitFor();
    await page.getByTestId('capture-screenshot').waitFor();
    const hash = (await page.getByTestId('capture-manifest-hash').innerText()).trim();
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    if (shots) await page.screenshot({ path: `${shots}/capture-result.png`, fullPage: true });
    await page.getByRole('tab', { name: 'DOM 快照 1' }).click();
    const dom = page.frameLocator('[data-testid="capture-dom"]');
    expect(await dom.locator('h1').innerText()).toBe(marker);
    await page.getByRole('tab', { name: '文件清单' }).click();
    expect(await page.getByTestId('capture-artefacts').innerText()).toContain('archive.wacz');

    const [bundle] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '下载证据包' }).click(),
    ]);
    const files = unzipStore(await downloadBytes(bundle));
    expect(crypto.createHash('sha256').update(files.get('manifest.json')!).digest('hex')).toBe(hash);
    const [cert] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '下载取证证书' }).click(),
    ]);
    expect(cert.suggestedFilename()).toMatch(/^取证证书-WC\d{16}-[0-9A-Z]{6}\.pdf$/);
    expect((await downloadBytes(cert)).subarray(0, 5).toString()).toBe('%PDF-');

    // The certificate number leads to the public check.
    await page.getByTestId('capture-cert-no').click();
    await page.waitForURL(/\/certifiy\/WC\d{16}-[0-9A-Z]{6}$/);
    await page.getByText('网页取证证书有效').waitFor();
    expect(await page.getByTestId('capture-verify').innerText()).toContain(hash);
    if (shots) await page.screenshot({ path: `${shots}/certify.png`, fullPage: true });

    // An address inside the server's own network (its loopback port, its /dev/sms page) is never
    // fetched: the capture fails with the one message that tells nothing of what answered there, and
    // the unit comes back (the hourly limit still counts the attempt).
    await page.goto(`${base}/cyprotect/mywebpage`);
    await page.waitForFunction(() =>
      /剩余网页取证额度：9/.test(document.querySelector('[data-testid="service-quota"]')?.textContent ?? ''),
    );
    await page.getByLabel('网址1').fill(`${base}/dev/sms`);
    await page.getByLabel('取证名称').fill(`内网探测 ${marker}`);
    await page.getByRole('button', { name: '开始取证' }).click();
    await page.waitForSelector('text=已提交取证任务');
    const probe = page.locator('[data-testid="capture-list"] .ant-table-row', { hasText: `内网探测 ${marker}` });
    await probe.getByText('无法访问该网址，请确认网址可以从公网访问').waitFor({ timeout: 120_000 });
    expect(await probe.innerText()).not.toMatch(/ERR_|ECONN|refused/);
    await page.reload();
    await page.waitForFunction(() =>
      /剩余网页取证额度：9/.test(document.querySelector('[data-testid="service-quota"]')?.textContent ?? ''),
    );
    await ctx.close();
  });
});
