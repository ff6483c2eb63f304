import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext } from '../helpers/browser.js';

/** The developers' reference page (Swagger UI at /api/docs) renders the OpenAPI document under the site's CSP. */
describe('API reference page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("shows the route groups and an operation's answer schema, with no CSP violation", async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto(inject('baseUrl') + '/api/docs/');
    // Hang guard: Swagger UI took 14 s to render the 1.1 MB document on a quiet machine (it inlines
    // every schema; named components would shrink it) and passed 30 s in a loaded whole run (ci64).
    await page.locator('.opblock-tag', { hasText: '首页与搜索' }).first().waitFor({ timeout: 90_000 });
    expect(await page.locator('.opblock-tag').count()).toBeGreaterThan(30);
    await page.locator('.opblock-tag', { hasText: '素材' }).first().click();
    await page.locator('.opblock-summary-path', { hasText: '/api/items/detail/{id}' }).first().waitFor();
    await ctx.close();
  }, 180_000);
});
