import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../helpers/browser.js';
import { devToken, signedInPage } from '../../helpers/e2e-session.js';
import { startReceiver, validSignature } from '../../helpers/webhook-receiver.js';

/**
 * A company's developer at /account/security → Webhook: adds an endpoint (this test's receiver on
 * the one loopback port the server's EGRESS_ALLOW opens), keeps the secret shown once, sends a test
 * event, sees the attempt answered 200 in the deliveries drawer, and resends it (same event id).
 */
describe('webhooks in the browser', () => {
  let browser: Browser;
  let rx: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    browser = await launchBrowser();
    rx = await startReceiver(inject('captureSitePort'));
  });
  afterAll(async () => {
    await browser?.close();
    await rx?.close();
  });

  /** Presses 刷新 in the drawer until it shows `n` attempts answered 200 (deliveries run on the job queue). */
  async function waitForAnswered(page: Page, n: number) {
    const drawer = page.locator('.ant-drawer');
    for (let i = 0; ; i++) {
      if ((await drawer.getByText('HTTP 200', { exact: true }).count()) >= n) return;
      if (i === 150) throw new Error(`no ${n} answered attempts in the drawer: ${await drawer.innerText()}`);
      await drawer.getByRole('button', { name: /^刷\s*新$/ }).click();
      await page.waitForTimeout(300);
    }
  }

  it('adds an endpoint, sends a test event, sees the 200 attempt and resends it', async () => {
    const base = inject('baseUrl');
    const { page } = await signedInPage(browser, await devToken(base, 'demo_company'));
    await page.goto(`${base}/account/security`);
    await page.getByRole('tab', { name: 'Webhook' }).click();
    await page.waitForURL(/tab=webhooks/);

    const url = rx.url('/e2e-hook');
    await page.getByRole('button', { name: '添加地址' }).click();
    const form = page.locator('.ant-modal', { hasText: '添加 Webhook 地址' });
    await form.getByLabel('接收地址').fill(url);
    await form.getByLabel('订单已支付').check();
    await form.getByLabel('备注').fill('浏览器测试');
    await form.getByRole('button', { name: /^保\s*存$/ }).click();

    const secret = (await page.getByTestId('webhook-secret').innerText()).trim();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: '我已保存' }).click();

    const row = page.locator('.ant-table-row', { hasText: url });
    await row.getByText('订单已支付').waitFor();
    await row.getByRole('button', { name: '发送测试事件' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByText('测试事件').first().waitFor();
    await waitForAnswered(page, 1);
    await drawer.getByText('已送达').waitFor();

    const [first] = rx.at('/e2e-hook');
    expect(validSignature(secret, first)).toBe(true);
    const eventId = JSON.parse(first.body).id;
    expect(JSON.parse(first.body).type).toBe('webhook.test');

    await drawer.getByRole('button', { name: '重新发送' }).first().click();
    await page.getByText('已重新加入投递队列').waitFor();
    await waitForAnswered(page, 2);
    await drawer.getByText(/重新发送自 #\d+/).waitFor();
    const got = rx.at('/e2e-hook');
    expect(got).toHaveLength(2);
    expect(got.map((r) => JSON.parse(r.body).id)).toEqual([eventId, eventId]);
    expect(got.every((r) => validSignature(secret, r))).toBe(true);
  });
});
