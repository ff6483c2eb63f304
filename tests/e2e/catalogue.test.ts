import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext } from '../helpers/browser.js';

describe('catalogue in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  const open = async (path: string, motion?: 'no-preference'): Promise<Page> => {
    const ctx = await newContext(browser, { motion });
    const page = await ctx.newPage();
    await page.goto(inject('baseUrl') + path);
    return page;
  };

  it('a visitor sees the catalogue, searches 花朵 and opens a video with player and metadata', async () => {
    // A visitor without the reduced-motion preference: hover previews and the detail loop play.
    const page = await open('/', 'no-preference');
    await page.waitForSelector('[data-testid="curated-section"] [data-testid="material-card"]');
    // The server sends the first album's cards; the other sections join them once the page hydrates.
    await expect
      .poll(() => page.locator('[data-testid="material-card"]').count(), { timeout: 10_000 })
      .toBeGreaterThan(8);
    // Covers really load from the public file route.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="material-card"] img')].some(
        (i) => (i as HTMLImageElement).naturalWidth > 0,
      ),
    );

    const box = page.getByPlaceholder('例如：花朵', { exact: false }).first();
    await box.fill('花朵');
    await box.press('Enter');
    await page.waitForURL(/\/search\?keyword=%E8%8A%B1%E6%9C%B5/);
    await page.waitForSelector('[data-testid="search-page"] [data-testid="material-card"]');
    expect(await page.locator('[data-testid="result-count"]').innerText()).toMatch(/共找到 \d+ 个素材/);
    const titles = await page.locator('[data-testid="material-card"] .ant-typography strong').allInnerTexts();
    expect(titles[0]).toContain('花朵');

    // Shareable URL: the video tab is in the query; every card shows a duration.
    await page.getByRole('tab', { name: '视频' }).click();
    await page.waitForURL(/type=1/);
    await page.waitForSelector('[data-testid="duration-filter"]');
    // Hover once the video results have replaced the earlier ones (a card that was an image when the
    // mouse arrived never gets the mouseenter of the video card rendered under it).
    const cards = page.locator('[data-testid="search-page"] [data-testid="material-card"]');
    const typeTags = async () =>
      (await cards.locator('.ant-tag').allInnerTexts()).filter((t) => ['视频', '模板', '图片'].includes(t));
    await expect
      .poll(
        async () => {
          const t = await typeTags();
          return t.length > 0 && t.every((x) => x === '视频');
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    const first = cards.first();
    await first.hover();
    await page.waitForSelector('[data-testid="hover-preview"]');
    await first.click();

    await page.waitForURL(/\/video\/detail\/\d+/);
    // The poster comes first; the preview's src is set once the page has loaded and the player is in view.
    await page.waitForSelector('video[data-testid="detail-player"][src]');
    expect(await page.locator('video[data-testid="detail-player"]').getAttribute('src')).toMatch(
      /^\/files\/media-public\/.+\.mp4$/,
    );
    await expect
      .poll(() => page.locator('video[data-testid="detail-player"]').evaluate((v: HTMLVideoElement) => !v.paused))
      .toBe(true);
    const meta = await page.locator('[data-testid="detail-metadata"]').innerText();
    for (const label of ['时长', '分辨率', '1280×720', '帧率', '格式', 'MP4', '文件大小'])
      expect(meta).toContain(label);
    // One h1, the work's title (the breadcrumb's last step).
    const h1 = page.getByRole('heading', { level: 1 });
    expect(await h1.count()).toBe(1);
    const title = (await page.locator('.ant-breadcrumb li').last().innerText()).trim();
    expect(title.length).toBeGreaterThan(0);
    expect((await h1.innerText()).trim()).toBe(title);
    await page.waitForSelector('[data-testid="owner-card"] .ant-statistic');
    await page.waitForSelector('[data-testid="similar-section"] [data-testid="material-card"]');
    await page.context().close();
  });

  it('a visitor who asked for reduced motion gets covers and a paused player, and it plays when asked', async () => {
    const page = await open('/search?type=1&keyword=' + encodeURIComponent('花朵'));
    const card = page.locator('[data-testid="search-page"] [data-testid="material-card"]').first();
    await card.hover();
    // Nothing to wait for that would appear: give a preview the time it would take, then look.
    await page.waitForTimeout(500);
    expect(await page.locator('[data-testid="hover-preview"]').count()).toBe(0);
    await card.click();
    const player = page.locator('video[data-testid="detail-player"][src]');
    await player.waitFor();
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    expect(await player.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await player.evaluate((v: HTMLVideoElement) => v.play());
    expect(await player.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
    await page.context().close();
  });

  it('an empty search suggests keywords, and album and category pages list materials', async () => {
    const page = await open('/search?keyword=' + encodeURIComponent('不存在的素材词'));
    await page.waitForSelector('[data-testid="search-empty"] .ant-tag');
    await page.locator('[data-testid="search-empty"] .ant-tag').first().click();
    await page.waitForSelector('[data-testid="search-page"] [data-testid="material-card"]');

    await page.goto(inject('baseUrl') + '/ablum/1');
    await page.locator('[data-testid="album-card"]').first().click();
    await page.waitForSelector('[data-testid="album-detail-page"] [data-testid="material-card"]');

    await page.goto(inject('baseUrl') + '/');
    await page
      .getByRole('link', { name: /自然风光/ })
      .first()
      .click();
    await page.waitForSelector('[data-testid="category-page"] [data-testid="material-card"]');
    expect(await page.locator('[data-testid="category-page"] h3').innerText()).toBe('自然风光');

    await page.goto(inject('baseUrl') + '/video/detail/999999');
    await page.waitForSelector('text=素材不存在或已下架');
    await page.context().close();
  });
});
