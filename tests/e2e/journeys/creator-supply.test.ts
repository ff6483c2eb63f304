import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext } from '../../helpers/browser.js';
import { makeMedia } from '../../helpers/media.js';
import { payInSandbox } from '../../helpers/e2e-session.js';

/**
 * The supply loop end to end: a creator uploads a real video with simple-uploader.js through
 * /creator/upload, watches it go, fills the work form and submits; staff approve it at
 * /admin/review; a buyer finds it in search and buys it through the sandbox payment; the
 * creator's /creator/sales lists the sale and the earnings total grew by the creator's share.
 */
describe('creator supply loop in the browser', () => {
  let browser: Browser;
  let base: string;
  let dir: string;
  const title = '晨曦湖面延时摄影';

  const tokenOf = async (username: string): Promise<string> => {
    const r = await fetch(`${base}/dev/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'Lumen@2026' }),
    });
    return (await r.json()).data.token;
  };
  const pageAs = async (token: string): Promise<Page> => {
    const ctx = await newContext(browser);
    await ctx.addInitScript((t) => localStorage.setItem('token', t), token);
    return ctx.newPage();
  };
  const api = async (token: string, url: string) =>
    (await (await fetch(`${base}${url}`, { headers: { authorization: token } })).json()).data;

  beforeAll(async () => {
    base = inject('baseUrl');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-e2e-creator-'));
    fs.copyFileSync(await makeMedia(4, 'mp4'), path.join(dir, '晨曦湖面.mp4'));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('upload -> work form -> staff approval -> search -> purchase -> the creator sees the sale', async () => {
    const creator = await tokenOf('demo_creator');
    const before = await api(creator, '/api/creator/sales/summary');

    // The creator uploads through the page: the real uploader, progress, then the work form.
    const page = await pageAs(creator);
    await page.goto(`${base}/creator/upload`);
    await page.setInputFiles('[data-testid=upload-input]', [path.join(dir, '晨曦湖面.mp4')]);
    await page.getByTestId('upload-overall').locator('.ant-progress').waitFor();
    await page.locator('[data-testid=upload-row][data-state=success]').waitFor({ timeout: 90_000 });
    const titleBox = page.getByLabel('晨曦湖面.mp4的作品标题');
    await titleBox.fill(title);
    await page.locator('#root_price').fill('20');
    // The upload rules ask for the AI declaration (lumen:rules/material x-declarations): this one is.
    await page.getByTestId('work-batch').getByRole('radio', { name: '是' }).first().check();
    await page.getByTestId('apply-shared').click();
    await page.getByTestId('submit-works').click();
    await page.getByText('已提交审核（1个作品）').first().waitFor();

    const list = await api(creator, `/api/user/works/list?title_like=${encodeURIComponent(title)}`);
    const work = list.list.find((w: { title: string }) => w.title === title);
    expect(work).toMatchObject({ status: 0, price_cents: 2000 });
    // The work's page shows processing until the preview is made.
    await page.goto(`${base}/creator/works`);
    await page
      .locator('.ant-table-row', { hasText: title })
      .locator('[data-testid=strip-scrub], [data-testid=media-processing]')
      .first()
      .waitFor();

    // Staff open it from the queue at once. While the media pipeline still works, the page says so
    // and holds 通过 (no preview, no duplicate check yet); it asks again by itself and offers 通过
    // when the preview is ready. A slow machine only makes this wait longer.
    const staff = await pageAs(await tokenOf('demo_staff'));
    await staff.goto(`${base}/admin/review`);
    await staff.locator('[data-testid=queue-item]', { hasText: title }).click();
    const approve = staff.getByRole('button', { name: /^通\s*过$/ });
    await approve.waitFor();
    if (await staff.getByTestId('review-media-processing').isVisible()) expect(await approve.isDisabled()).toBe(true);
    await approve.click({ timeout: 120_000 });
    await staff
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    // The stored decision stays on the page until the reviewer moves on.
    // A refusal stays too: the test then fails with its reason.
    const outcome = staff.getByTestId('review-done').or(staff.getByTestId('review-refused'));
    await expect.poll(() => outcome.first().innerText(), { timeout: 30_000 }).toContain(`已通过：${title}`);
    expect((await api(creator, `/api/user/works/${work.id}/media`)).state).toBe('ready');

    // A buyer finds it in search and buys a personal licence through the sandbox payment.
    const buyer = await pageAs(await tokenOf('demo_buyer'));
    // Declared AI: the search page's AI filter keeps it, its card and detail page carry 「AI生成」.
    await buyer.goto(`${base}/search?keyword=${encodeURIComponent('晨曦湖面')}`);
    await buyer.getByTestId('ai-filter').getByText('AI生成', { exact: true }).click();
    await buyer.waitForURL(/[?&]ai=yes/);
    const card = buyer.locator('[data-testid="material-card"]', { hasText: title }).first();
    await card.getByTestId('ai-tag').waitFor();
    await card.click();
    await buyer.waitForURL(/\/video\/detail\/\d+/);
    await buyer.getByTestId('detail-page').getByTestId('ai-tag').first().waitFor();
    expect(await buyer.getByTestId('detail-provenance').innerText()).toContain('创作者声明');
    await buyer.getByText('个人自媒体', { exact: true }).click();
    await buyer.getByRole('button', { name: /立即购买/ }).click();
    await buyer.waitForURL(/\/buy\//);
    await buyer.getByRole('button', { name: /提交订单/ }).click();
    await buyer.waitForURL(/\/pay\?orderId=\d+/);
    await payInSandbox(buyer);
    await buyer.waitForSelector('text=支付成功', { timeout: 15_000 });

    // The creator's sales page lists the sale; the earnings total grew by the share of ¥20.00.
    const after = await api(creator, '/api/creator/sales/summary');
    expect(after.count).toBe(before.count + 1);
    expect(after.grossCents - before.grossCents).toBe(2000);
    expect(after.amountCents - before.amountCents).toBeGreaterThan(0);
    await page.goto(`${base}/creator/sales`);
    await page.locator('.ant-table-row', { hasText: title }).first().waitFor();
    expect(await page.getByTestId('sales-totals').innerText()).toContain(
      (after.amountCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    );
  });
});
