import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, MOBILE_UA, newContext } from '../helpers/browser.js';

describe('built client served by the real server', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('renders the home page with the seeded catalogue from the API', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto(inject('baseUrl') + '/');
    const newestCards = page.locator('[data-testid="newest-section"] [data-testid="material-card"]');
    await newestCards.first().waitFor();

    // The "最新上传" grid shows exactly what the API answers, in its order.
    const res = await fetch(inject('baseUrl') + '/api/index/newest?limit=8');
    const body = (await res.json()) as { code: number; data: Array<{ id: number; title: string }> };
    expect(body.code).toBe(200);
    expect(body.data.length).toBe(8);
    await expect
      .poll(() => newestCards.locator('.ant-typography strong').allInnerTexts(), { timeout: 10_000 })
      .toEqual(body.data.map((m) => m.title));
    expect(await newestCards.first().getAttribute('href')).toBe(`/video/detail/${body.data[0].id}`);

    // Seeded titles are Chinese, and covers really load from the file route.
    expect(body.data[0].title).toMatch(/[\u4e00-\u9fa5]/);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="newest-section"] [data-testid="material-card"] img')].some(
        (i) => (i as HTMLImageElement).naturalWidth > 0,
      ),
    );

    // antd's styles for what the page shows come from the prebuilt file (scripts/antd-static-css.tsx),
    // not computed in the browser: no <style> antd inserted holds a button's or a card's rules. Were
    // the build's theme not the app's, antd would compute and insert them here.
    expect(await page.locator('link[rel="stylesheet"][href*="antd-first"]').count()).toBe(1);
    const runtimeRules = await page.evaluate(
      () =>
        [...document.querySelectorAll('style')]
          .map((s) => s.textContent ?? '')
          .filter((t) => /\.ant-(btn|card|tag)\b/.test(t)).length,
    );
    expect(runtimeRules).toBe(0);
    await ctx.close();
  });

  it('sends the home page rendered, hydrates it without asking again, and asks again after a navigation', async () => {
    const base = inject('baseUrl');
    // What a crawler or the browser's first paint gets: the page itself, not an empty #root.
    const html = await (await fetch(base + '/')).text();
    const recommend = (await (await fetch(base + '/api/index/recommend?sections=4&limit=8')).json()) as {
      data: { sections: Array<{ items: Array<{ title: string }> }> };
    };
    const firstTitle = recommend.data.sections[0].items[0].title;
    expect(html).toContain('<h1>流明素材 · 正版视频图片模板</h1>');
    expect(html).toContain(`alt="${firstTitle}" loading="eager"`);
    expect(html).toContain('<script type="application/json" id="lumen-data">');

    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    const asked: string[] = [];
    page.on(
      'request',
      (r) => r.url().includes('/api/index/') && asked.push(new URL(r.url()).pathname + new URL(r.url()).search),
    );
    await page.goto(base + '/');
    // Below the fold, shown right after hydration from the answers the page came with.
    await page.locator('[data-testid="popular-section"] [data-testid="material-card"]').first().waitFor();
    expect(asked).toEqual([]);
    // Hydrated: the page reacts. Picking 图片 in 最新上传 asks for that list.
    const typed = page.waitForRequest((r) => r.url().includes('/api/index/newest?type=11'));
    await page.locator('[data-testid="newest-section"] .ant-radio-button-wrapper', { hasText: '图片' }).click();
    await typed;
    // The answers were for that first page view: back on home after a navigation, it asks the server.
    await page.getByRole('link', { name: '视频', exact: true }).click();
    await page.waitForURL(/\/ablum\/1$/);
    // The album page is on screen (its chunk loaded, the navigation committed): until then the
    // router keeps the home page mounted, and going home again would not ask anything.
    await page.getByTestId('album-list-page').waitFor();
    const again = page.waitForRequest((r) => r.url().includes('/api/index/recommend'));
    await page.getByLabel('流明素材首页').click();
    await again;
    await page.locator('[data-testid="curated-section"]').first().waitFor();
    expect(problems.join('\n')).toBe('');
    await ctx.close();
  });

  it('sends the mobile home rendered, painted before its code, and the phone hydrates it without asking again', async () => {
    const base = inject('baseUrl');
    const html = await (await fetch(base + '/m/', { headers: { 'user-agent': MOBILE_UA } })).text();
    const newest = (await (await fetch(base + '/api/index/newest?limit=12')).json()) as {
      data: Array<{ id: number; title: string }>;
    };
    // The page itself, its styles written in (no stylesheet to wait for), its code after the tiles.
    expect(html).toContain('data-testid="m-home"');
    expect(html).toContain(`alt="${newest.data[0].title}" loading="eager"`);
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    expect(html.indexOf('<script type="module"')).toBeGreaterThan(html.indexOf('data-testid="m-home"'));

    const ctx = await newContext(browser, { mobile: true });
    const page = await ctx.newPage();
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    const asked: string[] = [];
    page.on('request', (r) => r.url().includes('/api/index/') && asked.push(new URL(r.url()).pathname));
    // Without its code the phone still sees the home: the tiles, their covers and the styles.
    await page.route(/\/assets\/.*\.js$/, (r) => r.abort());
    await page.goto(base + '/m/');
    await page.waitForFunction(
      () => (document.querySelector('.m-card-cover') as HTMLImageElement | null)?.naturalWidth,
    );
    expect(await page.locator('[data-testid="m-material"]').count()).toBe(newest.data.length);
    expect(await page.locator('.m-grid').evaluate((e) => getComputedStyle(e).display)).toBe('grid');
    // A word typed and sent before the code has run still searches: the browser sends the form.
    await page.getByRole('searchbox', { name: '搜索素材' }).fill('花朵');
    await page.getByRole('searchbox', { name: '搜索素材' }).press('Enter');
    await page.waitForURL(/\/m\/search\?keyword=%E8%8A%B1%E6%9C%B5$/);
    // The URL commits before the search page's own scripts are refused; their "failed to load"
    // errors belong to this blocked part, so let them all arrive before the count starts again.
    await page.waitForLoadState('load');
    await page.unroute(/\/assets\/.*\.js$/);
    problems.length = 0;
    // With it: hydrated from the answers it came with, no request; a tile opens its detail page in
    // the same document (the router's navigation, not a new load: a marker set now survives it).
    await page.goto(base + '/m/');
    await page.getByTestId('m-home').waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await page.locator('[data-testid="m-material"]').first().click();
    await page.waitForURL(new RegExp(`/m/video/detail/${newest.data[0].id}$`));
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(problems.join('\n')).toBe('');
    await ctx.close();
  });

  it('a first-screen cover that fails before hydration still gets the error image', async () => {
    const base = inject('baseUrl');
    const html = await (await fetch(base + '/')).text();
    const cover = /<img src="([^"]+)" alt="[^"]*" loading="eager"/.exec(html)![1];
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    // The server-rendered <img> asks for it while the HTML is parsed, long before React attaches onError.
    await page.route(base + cover, (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto(base + '/');
    const img = page.locator('[data-testid="curated-section"] img').first();
    await expect.poll(() => img.getAttribute('data-failed'), { timeout: 10_000 }).toBe('1');
    expect(await img.getAttribute('src')).not.toBe(cover);
    await ctx.close();
  });
});
