import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext } from '../helpers/browser.js';
import { samplePath } from '../helpers/sample-paths.js';
import { redirects, routeTable, SITE_DESCRIPTION } from '../../src/routes/route-table.js';

const titleOf = (t: string) => `${t} - ${SITE_DESCRIPTION}`;

/** Client-side navigation, as a link click would do it. */
async function spaNavigate(page: Page, path: string) {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function recentViews(pvi: string): Promise<Array<{ user_id: number | null; payload: Record<string, string> }>> {
  const r = await fetch(`${inject('baseUrl')}/api/operation/recent?pvi=${encodeURIComponent(pvi)}`);
  return (await r.json()).data.list;
}

describe('navigation in the built client', () => {
  let browser: Browser;
  const base = () => inject('baseUrl');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('every route of the route table resolves with its title', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto(base() + '/');
    await page.waitForFunction((t) => document.title === t, titleOf('首页'));
    const failures: string[] = [];
    for (const r of routeTable) {
      const path = samplePath(r.path);
      await spaNavigate(page, path);
      try {
        await page.waitForFunction((t) => document.title === t, titleOf(r.title), { timeout: 10_000 });
      } catch {
        failures.push(`${r.name} ${path}: title "${await page.title()}"`);
        continue;
      }
      const pathname = await page.evaluate(() => window.location.pathname);
      if (pathname !== path) failures.push(`${r.name} ${path}: ended at ${pathname}`);
    }
    expect(failures).toEqual([]);
    await ctx.close();
    // 105 routes in one test: 91 s in a loaded local run (ci64), past the 120 s default on CI (stop 45).
  }, 300_000);

  it('redirects the four centre roots', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    for (const [from, to] of Object.entries(redirects)) {
      await page.goto(base() + from);
      await page.waitForURL(base() + to);
      const target = routeTable.find((r) => r.path === to)!;
      await page.waitForFunction((t) => document.title === t, titleOf(target.title));
    }
    await ctx.close();
  });

  it('sends unknown paths to a real 404 page', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto(base() + '/no/such/page?x=1');
    await page.waitForURL(base() + '/404');
    await page.getByText('抱歉，您访问的页面不存在或已被移除').waitFor();
    expect(await page.title()).toBe(titleOf('页面不存在'));
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL(base() + '/');
    await ctx.close();
  });

  it('rewrites an old hash address to the plain path', async () => {
    const ctx = await newContext(browser);
    // Baseline: what a plain load leaves in history (Chromium may keep its initial about:blank).
    const plain = await ctx.newPage();
    await plain.goto(base() + '/video/detail/3');
    await plain.waitForFunction((t) => document.title === t, titleOf('素材详情'));
    const entries = await plain.evaluate(() => window.history.length);
    const page = await ctx.newPage();
    // The server rendered "/" (it never sees the hash): the client renders the detail page instead
    // of hydrating the home page's HTML into it.
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(base() + '/#/video/detail/3');
    await page.waitForFunction((t) => document.title === t, titleOf('素材详情'));
    await page.getByTestId('detail-page').waitFor();
    expect(await page.getByTestId('home-page').count()).toBe(0);
    expect(problems.join('\n')).toBe('');
    expect(page.url()).toBe(base() + '/video/detail/3');
    // Rewritten in place: no extra history entry.
    expect(await page.evaluate(() => window.history.length)).toBe(entries);
    await ctx.close();
  });

  it('header search, scroll to top and the centre side menu', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto(base() + '/copyright');
    await page.getByText('流明素材', { exact: true }).first().waitFor();
    const box = page.getByPlaceholder('搜索视频、模板、图片素材');
    await box.fill('春节');
    await box.press('Enter');
    await page.waitForURL(base() + '/search?keyword=%E6%98%A5%E8%8A%82');
    await page.evaluate(() => {
      document.body.style.minHeight = '5000px';
      window.scrollTo(0, 3000);
    });
    await spaNavigate(page, '/account/wallet');
    await page.waitForFunction((t) => document.title === t, titleOf('我的钱包'));
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The side menu comes from the route table and highlights the current entry.
    const selected = page.locator('.ant-layout-sider .ant-menu-item-selected');
    await expect.poll(() => selected.innerText()).toBe('我的钱包');
    expect(await page.locator('.ant-layout-sider .ant-menu-item').count()).toBe(
      routeTable.filter((r) => r.layout === 'account' && !r.hideInMenu).length,
    );
    await ctx.close();
  });

  it('writes a page-view row per navigation, none for VideoDetail', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto(base() + '/video/detail/3');
    await page.waitForFunction((t) => document.title === t, titleOf('素材详情'));
    await spaNavigate(page, '/cart');
    await page.waitForFunction((t) => document.title === t, titleOf('购物车'));
    await expect
      .poll(async () => (await ctx.cookies()).find((c) => c.name === 'pvi')?.value, { timeout: 10_000 })
      .toBeTruthy();
    const pvi = (await ctx.cookies()).find((c) => c.name === 'pvi')!;
    expect(pvi.expires - Date.now() / 1000).toBeGreaterThan(15_768_000 - 120);
    await expect.poll(async () => (await recentViews(pvi.value)).length, { timeout: 10_000 }).toBe(1);
    const [row] = await recentViews(pvi.value);
    expect(row.user_id).toBeNull();
    expect(row.payload).toMatchObject({
      url: base() + '/cart',
      rurl: base() + '/video/detail/3',
      addr: '本地',
      ip: '127.0.0.1',
      device: 'pc',
      pvi: pvi.value,
    });
    expect(row.payload.src).toMatch(/^\d+x\d+$/);
    await ctx.close();
  });

  describe('mobile user agent', () => {
    // The default VITE_MOBILE_BASE is this server's own mobile site under /m.
    const cases: Array<[string, string]> = [
      ['/ablum/detail/5', '/m/album/detail/5'],
      ['/video/detail/3', '/m/video/detail/3'],
      ['/search?keyword=abc&categoryId=7', '/m/search?keyword=abc&categoryId=7'],
      ['/material/7', '/m/search?categoryId=7'],
      ['/tool?inviteId=u42', '/m/?inviteId=u42'],
      ['/copyright/trace/cert?no=TR2026112500000001-ABCDEF', '/m/trace/cert?no=TR2026112500000001-ABCDEF'],
    ];
    it.each(cases)('%s goes to %s', async (path, target) => {
      const ctx = await newContext(browser, { mobile: true });
      const page = await ctx.newPage();
      await page.goto(base() + path);
      await page.waitForURL(base() + target);
      expect(page.url()).toBe(base() + target);
      await ctx.close();
    });

    it('leaves excluded routes on the desktop site', async () => {
      const ctx = await newContext(browser, { mobile: true });
      const page = await ctx.newPage();
      const mobileHits: string[] = [];
      page.on('framenavigated', (f) => {
        if (f === page.mainFrame() && new URL(f.url()).pathname.startsWith('/m/')) mobileHits.push(f.url());
      });
      for (const [path, title] of [
        ['/signCreator', '成为创作者'],
        ['/gift', '礼品卡'],
        ['/article/8', '帮助中心'],
      ]) {
        await page.goto(base() + path);
        await page.waitForFunction((t) => document.title === t, titleOf(title));
        // The redirect would follow the title in the same effect; give it time to misbehave.
        await page.waitForTimeout(500);
        expect(page.url()).toBe(base() + path);
      }
      expect(mobileHits).toEqual([]);
      await ctx.close();
    });
  });
});
