import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext, takeCspViolations } from '../helpers/browser.js';
import { snapshotDir } from './global-setup.js';

describe('the client the browser tests run against', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('is the production build this run made (or E2E_CLIENT_DIR), and ./dist (a running `npm start`) was left alone', async () => {
    const clientDir = inject('clientDir');
    // A page the server does not render (it renders the home page: src/entry-server.tsx) is index.html as built.
    const html = await (await fetch(inject('baseUrl') + '/account/welcome')).text();
    expect(html).toBe(fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8'));
    const entry = /<script type="module" crossorigin src="\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeTruthy();
    const served = await (await fetch(`${inject('baseUrl')}/${entry}`)).text();
    expect(served).toBe(fs.readFileSync(path.join(clientDir, entry!), 'utf8'));
    // A build made under vitest's NODE_ENV=test ships React's development JSX runtime.
    const devChunks = fs
      .readdirSync(path.join(clientDir, 'assets'))
      .filter(
        (f) => f.endsWith('.js') && fs.readFileSync(path.join(clientDir, 'assets', f), 'utf8').includes('jsxDEV'),
      );
    expect(devChunks).toEqual([]);
    expect(snapshotDir(path.resolve('dist'))).toBe(inject('distBefore'));
  });

  it('pages report CSP violations to the suite (so the check after each test can fail)', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto(inject('baseUrl') + '/');
    // An inline script is exactly what the policy forbids.
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__inlineRan = true';
      document.body.append(s);
    });
    await expect
      .poll(async () => (await page.evaluate(() => (window as any).__cspViolations.length)) as number)
      .toBe(1);
    expect(await page.evaluate(() => (window as any).__inlineRan)).toBeUndefined();
    const violations = await takeCspViolations();
    expect(violations).toEqual([expect.objectContaining({ directive: 'script-src-elem', blocked: 'inline' })]);
    await ctx.close();
  });
});
