import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { layoutReport } from './mobile-layout.js';

/** The page is usable at 390 px: no sideways scroll, no tap target under 24 × 24 px. */
export async function expectUsable(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const r = await layoutReport(page);
  expect(r.scrollWidth, `${page.url()} is wider than the screen: ${r.wide.join(', ')}`).toBeLessThanOrEqual(390);
  expect(r.smallTargets, `${page.url()} has tap targets under 24 px`).toEqual([]);
}

/** Opens the provider's page the pay button opens, confirms there, and waits for the pay page to see it. */
export async function payInPopup(page: Page, button: RegExp) {
  const [popup] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: button }).click(),
  ]);
  await popup.waitForURL(/\/dev\/pay\?/);
  expect(await popup.locator('body').innerText()).toContain('沙箱');
  await popup.getByRole('button', { name: '确认支付' }).click();
  await popup.getByText('支付成功').waitFor();
  await popup.close();
  await page.getByText('支付成功').waitFor({ timeout: 15_000 });
}
