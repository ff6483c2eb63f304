import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext } from '../helpers/browser.js';

describe('built client served by the real server', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('renders the home route', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto(inject('baseUrl') + '/');
    await expect(page.locator('#root')).toBeDefined();
    await page.waitForSelector('text=首页');
    expect(await page.locator('body').innerText()).toContain('首页');
    await ctx.close();
  });
});
