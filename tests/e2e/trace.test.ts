import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.js';
import { devToken, payInSandbox, signedInPage } from '../helpers/e2e-session.js';

/**
 * The demo creator buys a trace service on its public page (WeChat sandbox), opens the trace of a
 * sold work on /cyprotect/mytrace (timeline with its upload and licences), exports the trace
 * certificate, and checks it on /copyright/trace/cert: the number verifies against the evidence
 * log, the downloaded PDF matches, a copy with one byte changed does not.
 */
describe('traceability in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("buy a trace unit, open a work's trace, export the certificate and verify it", async () => {
    const base = inject('baseUrl');
    const token = await devToken(base, 'demo_creator');
    const { ctx, page } = await signedInPage(browser, token);

    // The public service page shows the trace package at the catalogue's price; buy it.
    await page.goto(`${base}/copyright/trace/SolidEvidence`);
    await page.waitForSelector('h2:has-text("固证溯源")');
    const packages = page.getByTestId('service-packages');
    await packages.waitFor();
    expect(await packages.innerText()).toContain('版权溯源 1 次');
    await packages.getByRole('button', { name: '购买套餐' }).first().click();
    await page.waitForFunction(() => document.querySelector('[data-testid="service-quote"]')?.textContent === '¥50.00');
    await page.getByRole('button', { name: '去支付' }).click();
    await page.waitForURL(/\/pay\?orderId=\d+/);
    await payInSandbox(page);
    await page.waitForSelector('text=服务已开通', { timeout: 15000 });

    // The work with the longest history (the seed sold demo_creator's works).
    const works = (await (await fetch(`${base}/api/trace/works`, { headers: { authorization: token } })).json()).data
      .list as Array<{ id: number; title: string; events: number }>;
    const work = works.reduce((a, b) => (b.events > a.events ? b : a));
    await page.goto(`${base}/cyprotect/mytrace?work=${work.id}`);
    await page.getByTestId('trace-timeline').waitFor();
    expect(await page.getByTestId('service-quota').innerText()).toContain('剩余溯源证书额度：1');
    expect(await page.locator('[data-kind="upload"]').count()).toBe(1);
    expect(await page.locator('[data-kind="licence"]').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-kind="licence"]').first().innerText()).toMatch(/被授权方 .\*+./);

    // Export: the certificate is issued and downloaded.
    const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('trace-export').click()]);
    const issued = page.getByTestId('trace-issued');
    await issued.waitFor();
    const certNo = (await issued.innerText()).match(/TR\d{16}-[0-9A-Z]{6}/)![0];
    expect(dl.suggestedFilename()).toBe(`溯源证书-${certNo}.pdf`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-trace-'));
    const pdfPath = path.join(dir, `${certNo}.pdf`);
    await dl.saveAs(pdfPath);
    expect(fs.readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
    await page.waitForSelector(`[data-kind="trace-cert"] >> text=${certNo}`);

    // Verify on the public page, as the QR code would open it.
    await issued.getByRole('link', { name: '在线核验' }).click();
    await page.waitForURL(/\/copyright\/trace\/cert\?no=/);
    const result = page.getByTestId('trace-cert-result');
    await result.waitFor();
    expect(await result.innerText()).toContain('核验通过');
    expect(await page.locator('.ant-descriptions').innerText()).toContain(work.title);
    await page.locator('[data-testid="trace-file-drop"] input[type=file]').setInputFiles(pdfPath);
    await page.waitForSelector('[data-testid="trace-file-result"] >> text=文件核验通过');

    const tampered = Buffer.from(fs.readFileSync(pdfPath));
    tampered[Math.floor(tampered.length / 2)] ^= 1;
    const tamperedPath = path.join(dir, 'tampered.pdf');
    fs.writeFileSync(tamperedPath, tampered);
    await page.locator('[data-testid="trace-file-drop"] input[type=file]').setInputFiles(tamperedPath);
    await page.waitForSelector('[data-testid="trace-file-result"] >> text=文件核验未通过');
    fs.rmSync(dir, { recursive: true, force: true });
    await ctx.close();
  });
});
