import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext } from '../../helpers/browser.js';

/**
 * Monitoring as the demo creator sees it on a fresh start: the background seed job buys a
 * 版权监测 package, builds the sandbox web from demo_creator's works and scans it. The creator opens
 * the monitoring pages, sees image and video hits beside the originals, sends a takedown notice
 * (a PDF download) and offers a retroactive licence (a claimable link).
 */
describe('copyright monitoring in the browser', () => {
  let browser: Browser;
  let base: string;
  let token: string;

  const pageAs = async (): Promise<Page> => {
    const ctx = await newContext(browser);
    await ctx.addInitScript((t) => localStorage.setItem('token', t), token);
    return ctx.newPage();
  };
  const api = async (url: string) =>
    (await (await fetch(`${base}${url}`, { headers: { authorization: token } })).json()).data;

  beforeAll(async () => {
    base = inject('baseUrl');
    browser = await launchBrowser();
    const r = await fetch(`${base}/dev/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo_creator', password: 'Lumen@2026' }),
    });
    token = (await r.json()).data.token;
    // The demo plan's first scan runs in the background after the seed media exist.
    const deadline = Date.now() + 240_000;
    for (;;) {
      const ov = await api('/api/monitor/overview');
      if (ov?.runs?.some((x: { finishedAt: string | null }) => x.finishedAt) && ov.counts.length) break;
      if (Date.now() > deadline) throw new Error(`demo monitoring produced no hits: ${JSON.stringify(ov)}`);
      await new Promise((res) => setTimeout(res, 2000));
    }
  }, 300_000);
  afterAll(() => browser?.close());

  it('shows the plan, then image hits side by side; a takedown notice downloads as a PDF', async () => {
    const page = await pageAs();
    await page.goto(`${base}/cyprotect/mymonitor`);
    await page.getByTestId('hits-chart').waitFor({ timeout: 60_000 });
    expect(await page.getByText('时尚长城延时摄影').or(page.getByText('监测作品')).first().isVisible()).toBe(true);

    await page.goto(`${base}/cyprotect/mymonitorimg`);
    const first = page.getByTestId('side-by-side').first();
    await first.waitFor({ timeout: 60_000 });
    expect(await first.locator('img').count()).toBe(2);
    const row = page.locator('tr', { has: page.getByTestId('send-takedown') }).first();
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await row.getByTestId('send-takedown').click();
    await page.getByRole('button', { name: /确\s*定|OK/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/侵权通知函-\d+\.pdf/);
    const hitList = await api('/api/monitor/hits?kind=image&status=takedown');
    expect(hitList.total).toBeGreaterThanOrEqual(1);
  }, 180_000);

  it('offers a licence for a video hit and shows the matching time range', async () => {
    const page = await pageAs();
    await page.goto(`${base}/cyprotect/mymonitorvideo`);
    await page.getByTestId('time-range').first().waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('time-range').first().textContent()).toMatch(/原片 \d+:\d\d–\d+:\d\d/);
    await page.getByTestId('offer-licence').first().click();
    await page.getByRole('button', { name: /确\s*定|OK/ }).click();
    // The link, or the refusal with its reason (a toast is gone in 3 s: read it as it comes).
    const link = page.getByTestId('offer-link');
    await link.or(page.locator('.ant-message-error')).first().waitFor({ timeout: 30_000 });
    expect(await page.locator('.ant-message-error').allInnerTexts()).toEqual([]);
    const token = (await link.textContent())!.match(/licence-offer\/([a-f0-9]{24})/)![1];
    const offer = await (await fetch(`${base}/api/monitor/offers/${token}`)).json();
    expect(offer.data.status).toBe('offered');
  }, 180_000);
});
