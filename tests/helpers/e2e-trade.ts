import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { downloadBytes } from './browser.js';

/**
 * Steps of the buyer's journey that several browser tests take (trade.test.ts, deployment.pg.test.ts):
 * the same clicks on the same pages, kept in one place so a changed page is fixed once.
 */

/** A visitor searches from the header box, switches to videos and opens the first one; ends on its detail page. */
export async function searchAndOpenVideo(page: Page, base: string, keyword = '花朵'): Promise<void> {
  await page.goto(base + '/');
  const box = page.getByLabel('搜索素材').first();
  await box.fill(keyword);
  await box.press('Enter');
  await page.waitForURL(/\/search\?keyword=/);
  await page.getByRole('tab', { name: '视频' }).click();
  await page.waitForURL(/type=1/);
  await page.locator('[data-testid="search-page"] [data-testid="material-card"]').first().click();
  await page.waitForURL(/\/video\/detail\/\d+/);
  await page.waitForSelector('[data-testid="licence-picker"]');
}

/** The newest licence record names the scenario; its certificate downloads as a PDF, whose bytes are returned. */
export async function downloadLatestCertificate(page: Page, base: string, scenario: string): Promise<Buffer> {
  await page.goto(`${base}/account/authrecord`);
  await page.waitForSelector('.ant-table-row');
  expect(await page.locator('.ant-table-row').first().innerText()).toContain(scenario);
  const [dl] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('button', { name: /下载授权证书/ })
      .first()
      .click(),
  ]);
  expect(dl.suggestedFilename()).toMatch(/^授权证书-.+\.pdf$/);
  const bytes = await downloadBytes(dl);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  return bytes;
}
