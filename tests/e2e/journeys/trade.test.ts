import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext } from '../../helpers/browser.js';
import { downloadLatestCertificate, searchAndOpenVideo } from '../../helpers/e2e-trade.js';
import { loginInDialog } from '../../helpers/e2e-session.js';

/**
 * The buyer's whole journey: a visitor searches 花朵 from the header, opens a video, picks a
 * company scenario and adds it to the cart, which asks to log in; logs in by password as the
 * demo company account; collects the video into a new album, applies a coupon, pays through the
 * sandbox page, sees the paid order and downloads the licence PDF.
 */
describe('trade in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('a visitor searches, picks a company licence, logs in, pays with a coupon through the sandbox and downloads the certificate', async () => {
    const base = inject('baseUrl');
    const ctx = await newContext(browser);
    const page = await ctx.newPage();

    // A visitor finds a video from the header search box.
    await searchAndOpenVideo(page, base);

    // A company scenario; adding to the cart asks the visitor to log in, then goes on.
    await page.getByText('电商广告', { exact: true }).click();
    await page.getByRole('button', { name: /加入购物车/ }).click();
    await loginInDialog(page, 'demo_company');
    await page.waitForSelector('text=已加入购物车');
    const price = await page.locator('[data-testid="licence-price"]').innerText();
    expect(price).toMatch(/^¥\d+\.\d{2}$/);

    // Collect it into a new named album.
    await page.getByRole('button', { name: /收藏/ }).first().click();
    await page.getByPlaceholder('新建收藏夹').fill('广告备选');
    await page.getByRole('button', { name: /^新\s*建$/ }).click();
    await page.waitForSelector('text=收藏成功');
    await page.waitForSelector('[data-testid="collect-panel"] .ant-checkbox-checked');

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
    await page.waitForFunction(
      (want) => document.querySelector('[data-testid="buy-amount"]')?.textContent === want,
      `¥${((cents - 500) / 100).toFixed(2)}`,
    );
    await page.getByRole('button', { name: /提交订单/ }).click();
    await page.waitForURL(/\/pay\?orderId=\d+/);

    // Pay: the QR encodes the sandbox page; confirm there, the pay page polls to success.
    const link = await page.waitForSelector('[data-testid="sandbox-link"]');
    const payUrl = (await link.getAttribute('href'))!;
    expect(await page.locator('img[alt="支付二维码"]').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    // Scanned with the payer's phone: another context, so this page stays in the foreground.
    const phoneDevice = await newContext(browser);
    const sandbox = await phoneDevice.newPage();
    await sandbox.goto(payUrl);
    expect(await sandbox.locator('body').innerText()).toContain('沙箱');
    await sandbox.getByRole('button', { name: '确认支付' }).click();
    await sandbox.waitForSelector('text=支付成功');
    await phoneDevice.close();
    await page.waitForSelector('text=支付成功', { timeout: 15000 });

    // The order in the generated list view, paid.
    await page.getByRole('button', { name: '查看订单' }).click();
    await page.waitForURL(/\/account\/order/);
    await page.waitForSelector('.ant-table-row');
    expect(await page.locator('.ant-table-row').first().innerText()).toContain('已支付');

    // Licence record with its certificate PDF.
    await downloadLatestCertificate(page, base, '电商广告');

    // The album made on the detail page lists the video.
    await page.goto(`${base}/account/collect`);
    await page.getByRole('link', { name: '广告备选' }).click();
    await page.waitForURL(/\/account\/collect\/detail\/\d+/);
    await page.waitForSelector('.ant-card .ant-card-meta-title a');
    await ctx.close();
  });
});
