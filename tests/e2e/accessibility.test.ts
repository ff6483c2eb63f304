import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext } from '../helpers/browser.js';
import { devToken } from '../helpers/e2e-session.js';
import { axeViolations, type AxeViolation } from '../helpers/axe.js';

/**
 * axe-core over the main pages on the demo data, as a visitor and as a signed-in buyer: no WCAG 2.2
 * A/AA violation. Each page is checked once its content is there (not its loading state).
 */
describe('accessibility of the main pages (axe-core, WCAG 2.2 AA)', () => {
  let browser: Browser;
  let base: string;
  beforeAll(async () => {
    base = inject('baseUrl');
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  /** `ready`: what shows once the page has its data; null for static pages (their requests settle). */
  const check = async (page: Page, path: string, ready: string | null, found: Record<string, AxeViolation[]>) => {
    await page.goto(`${base}${path}`);
    if (ready) await page.locator(ready).first().waitFor({ timeout: 30_000 });
    else await page.waitForLoadState('networkidle');
    const v = await axeViolations(page);
    if (v.length) found[path] = v;
    // SHOTS_DIR keeps a screenshot of each page checked (the closing notes' list).
    const shots = process.env.SHOTS_DIR;
    const name = path.split('?')[0].replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home';
    if (shots) await page.screenshot({ path: `${shots}/axe-${name}.png`, fullPage: true });
  };

  it('visitor pages: home, search, a work, the copyright services, certificate check, community, demands, market', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    const found: Record<string, AxeViolation[]> = {};
    await check(page, '/', '[data-testid="material-card"]', found);
    await check(
      page,
      '/search?keyword=%E8%8A%B1%E6%9C%B5',
      '[data-testid="search-page"] [data-testid="material-card"]',
      found,
    );
    await page.locator('[data-testid="search-page"] [data-testid="material-card"]').first().click();
    await page.waitForURL(/\/(video|image)\/detail\/\d+/);
    const detail = new URL(page.url()).pathname;
    await check(page, detail, '[data-testid="licence-picker"]', found);
    await check(page, '/copyright', null, found);
    await check(page, '/certifiy', null, found);
    await check(page, '/community', '.ant-card', found);
    await check(page, '/community/demands', '[data-testid="demand-list"], .ant-empty', found);
    await check(page, '/cytransfer/buycopyright', null, found);
    await ctx.close();
    expect(found).toEqual({});
  });

  it('mobile pages at 390 x 844: home, search, a work, the copyright services, a service, trace certificate check', async () => {
    const ctx = await newContext(browser, { mobile: true });
    const page = await ctx.newPage();
    const found: Record<string, AxeViolation[]> = {};
    await check(page, '/m/', '[data-testid="m-material"]', found);
    await check(page, '/m/search?keyword=%E8%8A%B1%E6%9C%B5', '[data-testid="m-material"]', found);
    await page.locator('[data-testid="m-material"]').first().click();
    await page.waitForURL(/\/m\/(video|image)\/detail\/\d+/);
    await check(page, new URL(page.url()).pathname, '[data-testid="m-price"]', found);
    await check(page, '/m/copyright', null, found);
    await check(page, '/m/copyright/deposit', null, found);
    await check(page, '/m/trace/cert', null, found);
    await ctx.close();
    expect(found).toEqual({});
  });

  it('signed-in pages (a company buyer): account home, licences, cart, deposits', async () => {
    const token = await devToken(base, 'demo_company');
    const ctx = await newContext(browser);
    await ctx.addInitScript((t) => localStorage.setItem('token', t), token);
    const page = await ctx.newPage();
    const found: Record<string, AxeViolation[]> = {};
    await check(page, '/account/welcome', '.ant-card', found);
    await check(page, '/account/authrecord', '.ant-table', found);
    await check(page, '/cart', '.ant-table, .ant-empty', found);
    await check(page, '/cyprotect/mydeposit', '.ant-table', found);
    await ctx.close();
    expect(found).toEqual({});
  });
});
