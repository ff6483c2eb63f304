import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext } from '../helpers/browser.js';

/**
 * A company buyer: collects a video into a new album, picks a company scenario on a video, adds it to the cart, applies a coupon,
 * pays through the sandbox page, sees the paid order and downloads the licence PDF.
 * Logs in with the dev-only /dev/session route (username + demo password), which the browser
 * then uses exactly as a login would (token in localStorage and the token1 cookie).
 */
describe('trade in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('demo_company buys a company licence with a coupon through the pay sandbox and downloads the certificate', async () => {
    const base = inject('baseUrl');
    const res = await fetch(`${base}/dev/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo_company', password: 'Lumen@2026' }) });
    const token = (await res.json()).data.token as string;
    expect(token).toBeTruthy();

    const ctx = await newContext(browser);
    await ctx.addInitScript((t) => localStorage.setItem('token', t), token);
    await ctx.addCookies([{ name: 'token1', value: token, url: base }]);
    const page = await ctx.newPage();

    // A video from the seeded catalogue.
    await page.goto(`${base}/search?keyword=${encodeURIComponent('熊猫')}&type=1`);
    await page.locator('[data-testid="material-card"]').first().click();
    await page.waitForURL(/\/video\/detail\/\d+/);
    await page.waitForSelector('[data-testid="licence-picker"]');
    // Collect it into a new named album first.
    await page.getByRole('button', { name: /收藏/ }).first().click();
    await page.getByPlaceholder('新建收藏夹').fill('广告备选');
    await page.getByRole('button', { name: /^新\s*建$/ }).click();
    await page.waitForSelector('text=收藏成功');
    await page.waitForSelector('[data-testid="collect-panel"] .ant-checkbox-checked');

    await page.getByText('电商广告', { exact: true }).click();
    const price = await page.locator('[data-testid="licence-price"]').innerText();
    expect(price).toMatch(/^¥\d+\.\d{2}$/);
    await page.getByRole('button', { name: /加入购物车/ }).click();
    await page.waitForSelector('text=已加入购物车');

    // Cart: the line carries the chosen licence and the server's price.
    await page.goto(`${base}/cart`);
    await page.waitForSelector('.ant-table-row');
    expect(await page.locator('[data-testid="cart-total"]').innerText()).toBe(price);
    await page.getByRole('button', { name: '去结算' }).click();
    await page.waitForURL(/\/buy\/cart\?ids=/);

    // Order confirmation: apply the seeded 5-yuan coupon; the server's amount drops by it.
    await page.waitForSelector('[data-testid="buy-amount"]');
    expect(await page.locator('[data-testid="buy-amount"]').innerText()).toBe(price);
    await page.locator('.ant-select').filter({ hasText: '选择优惠券' }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: '新人立减券' }).click();
    const cents = Math.round(Number(price.slice(1)) * 100);
    await page.waitForFunction((want) => document.querySelector('[data-testid="buy-amount"]')?.textContent === want, `¥${((cents - 500) / 100).toFixed(2)}`);
    await page.getByRole('button', { name: /提交订单/ }).click();
    await page.waitForURL(/\/pay\?orderId=\d+/);

    // Pay: the QR encodes the sandbox page; confirm there, the pay page polls to success.
    const link = await page.waitForSelector('[data-testid="sandbox-link"]');
    const payUrl = (await link.getAttribute('href'))!;
    expect(await page.locator('img[alt="支付二维码"]').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const sandbox = await ctx.newPage();
    await sandbox.goto(payUrl);
    expect(await sandbox.locator('body').innerText()).toContain('沙箱');
    await sandbox.getByRole('button', { name: '确认支付' }).click();
    await sandbox.waitForSelector('text=支付成功');
    await sandbox.close();
    await page.waitForSelector('text=支付成功', { timeout: 15000 });

    // The order in the generated list view, paid.
    await page.getByRole('button', { name: '查看订单' }).click();
    await page.waitForURL(/\/account\/order/);
    await page.waitForSelector('.ant-table-row');
    expect(await page.locator('.ant-table-row').first().innerText()).toContain('已支付');

    // Licence record with its certificate PDF.
    await page.goto(`${base}/account/authrecord`);
    await page.waitForSelector('.ant-table-row');
    expect(await page.locator('.ant-table-row').first().innerText()).toContain('电商广告');
    const [dl] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /下载授权证书/ }).click()]);
    expect(dl.suggestedFilename()).toMatch(/^授权证书-.+\.pdf$/);
    const file = await dl.path();
    expect(fs.readFileSync(file!).subarray(0, 5).toString()).toBe('%PDF-');

    // The album made on the detail page lists the video.
    await page.goto(`${base}/account/collect`);
    await page.getByRole('link', { name: '广告备选' }).click();
    await page.waitForURL(/\/account\/collect\/detail\/\d+/);
    await page.waitForSelector('.ant-card .ant-card-meta-title a');
    await ctx.close();
  });
});
