import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import http from 'node:http';
import crypto from 'node:crypto';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../helpers/browser.js';
import { devToken, payInSandbox, signedInPage } from '../../helpers/e2e-session.js';
import { listen, siteHandler } from '../../helpers/capture-sites.js';

/** /cyprotect/myscreen: buy recordings (sandbox pay), record a loopback page, click in it, stop, open the results with the video. */
describe('screen-recording evidence in the browser', () => {
  let browser: Browser;
  let site: { origin: string; close: () => Promise<void> };
  const marker = `REC${crypto.randomBytes(4).toString('hex')}`;
  beforeAll(async () => {
    browser = await launchBrowser();
    site = await listen(http.createServer(siteHandler(marker)), inject('captureSitePort')); // the port the server's EGRESS_ALLOW opens
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('records a remote session, stops, and shows the sealed recording', async () => {
    const base = inject('baseUrl');
    const shots = process.env.SHOTS_DIR;
    const token = await devToken(base, 'demo_buyer');
    const { ctx, page } = await signedInPage(browser, token);
    await page.goto(`${base}/cyprotect/myscreen`);
    await page.getByRole('button', { name: '购买录屏取证服务' }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="service-quote"]')?.textContent === '¥150.00',
    );
    await page.getByRole('button', { name: '去支付' }).click();
    await page.waitForURL(/\/pay\?orderId=\d+/);
    await payInSandbox(page);
    await page.waitForSelector('text=服务已开通', { timeout: 15000 });

    // A start address inside the server's network opens no browser there: one message, nothing recorded.
    await page.goto(`${base}/cyprotect/myscreen`);
    await page.getByLabel('录屏名称').fill(`内网地址 ${marker}-probe`);
    await page.getByLabel('起始网址').fill(`${base}/dev/sms`);
    await page.getByRole('button', { name: '开始录屏' }).click();
    await page.getByText('无法访问该网址，请确认网址可以从公网访问').waitFor();
    expect(await page.getByTestId('recording-indicator').count()).toBe(0);

    await page.goto(`${base}/cyprotect/myscreen`);
    await page.getByLabel('录屏名称').fill(`录屏 ${marker}`);
    await page.getByLabel('起始网址').fill(`${site.origin}/page`);
    await page.getByRole('button', { name: '开始录屏' }).click();
    await page.getByTestId('recording-indicator').waitFor();
    await page.getByTestId('screen-frame').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('recording-indicator').innerText()).toMatch(/录制中 剩余 \d+:\d{2}/);
    await page.getByRole('button', { name: '向下滚动' }).click();
    if (shots) await page.screenshot({ path: `${shots}/myscreen-live.png`, fullPage: true });
    await page.waitForTimeout(500);
    await page.getByRole('button', { name: '停止录制' }).click();
    const row = page.locator('[data-testid="capture-list"] .ant-table-row', { hasText: `录屏 ${marker}` });
    await row.locator('text=已完成').waitFor({ timeout: 120_000 });
    await row.getByRole('button', { name: '查看结果' }).click();
    await page.getByTestId('capture-result').waitFor();
    expect(await page.getByTestId('capture-cert-no').innerText()).toMatch(/^SR\d{16}-[0-9A-Z]{6}$/);
    await page.getByRole('tab', { name: '录屏视频' }).click();
    await page.getByTestId('capture-video').waitFor();
    // The browser plays it: metadata with a real length, and playback starts.
    const played = await page.getByTestId('capture-video').evaluate(async (el) => {
      const v = el as HTMLVideoElement;
      if (v.readyState < 1) await new Promise((r) => v.addEventListener('loadedmetadata', r, { once: true }));
      v.muted = true;
      await v.play();
      return { duration: v.duration, width: v.videoWidth };
    });
    expect(played.duration).toBeGreaterThan(0.5);
    expect(played.width).toBeGreaterThan(0);
    if (shots) await page.screenshot({ path: `${shots}/myscreen-result.png`, fullPage: true });
    await ctx.close();
  });
});
