import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { downloadBytes, launchBrowser, newContext, WECHAT_UA } from '../../helpers/browser.js';
import { layoutReport } from '../../helpers/mobile-layout.js';
import { expectUsable, payInPopup } from '../../helpers/mobile-journey.js';

/**
 * The mobile site (src/mobile, served under /m/) on an iPhone at 390 × 844: desktop addresses land
 * on the matching mobile page with the same record; a buyer searches, adds to the cart, logs in by
 * SMS code, pays in the sandbox and downloads the licence, all on the mobile site; inside WeChat,
 * login and payment take the WeChat paths. Every page visited is checked for sideways scroll and
 * tap targets under 24 px, and so are the desktop routes that phones are not sent away from.
 */
const api = async (path: string) => (await (await fetch(`${inject('baseUrl')}${path}`)).json()).data;

/** The code the sandbox SMS outbox shows for a phone (what the phone would receive). */
async function smsCode(phone: string): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const html = await (await fetch(`${inject('baseUrl')}/dev/sms`)).text();
    const m = new RegExp(`${phone}[\\s\\S]*?class="code">(\\d{6})`).exec(html);
    if (m) return m[1];
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no SMS for ${phone}`);
}

const newPhone = (prefix: string) => `${prefix}${String(Date.now()).slice(-8)}`;

async function fillPhoneAndCode(page: Page, phone: string, submit: string) {
  await page.getByRole('textbox', { name: '手机号' }).fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByRole('textbox', { name: '验证码' }).fill(await smsCode(phone));
  await page.getByRole('button', { name: submit, exact: true }).click();
}

describe('the mobile site', () => {
  let browser: Browser;
  const base = () => inject('baseUrl');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('sends desktop addresses to the matching mobile page, with the same record', async () => {
    const ctx = await newContext(browser, { mobile: true });
    const page = await ctx.newPage();
    await page.goto(`${base()}/`);
    await page.waitForURL(`${base()}/m/`);
    await page.getByTestId('m-material').first().waitFor();
    expect(await page.title()).toContain('首页');
    await expectUsable(page);

    const video = (await api('/api/index/search?keyword=%E8%8A%B1%E6%9C%B5&type=1')).list[0];
    await page.goto(`${base()}/video/detail/${video.id}`);
    await page.waitForURL(`${base()}/m/video/detail/${video.id}`);
    expect(await page.getByTestId('m-detail-title').innerText()).toBe(video.title);
    // The preview plays from the same preview file as on the desktop, with its poster.
    const player = page.getByTestId('m-player');
    expect(await player.getAttribute('src')).toBe(video.previewUrl);
    expect(await player.getAttribute('poster')).toBe(video.coverUrl);
    await expectUsable(page);

    const album = (await api('/api/index/albums?type=1&page=1&pageSize=1')).list[0];
    await page.goto(`${base()}/ablum/detail/${album.id}`);
    await page.waitForURL(`${base()}/m/album/detail/${album.id}`);
    await page.getByRole('heading', { name: album.title }).waitFor();
    await expectUsable(page);
    await page.goto(`${base()}/ablum/1`);
    await page.waitForURL(`${base()}/m/album/list/1`);
    await page.getByTestId('m-album').first().waitFor();
    await expectUsable(page);
    await ctx.close();
  });

  it('a buyer searches, adds to the cart, logs in by SMS code, pays in the sandbox and downloads the licence', async () => {
    const ctx = await newContext(browser, { mobile: true });
    const page = await ctx.newPage();
    await page.goto(`${base()}/m/`);
    // The home comes rendered by the server; this journey is the hydrated site's (the smoke test types
    // into the page before its code runs): React has taken the home over once its nodes carry its fibers.
    await page.waitForFunction(() =>
      Object.keys(document.querySelector('[data-testid="m-home"]') ?? {}).some((k) => k.startsWith('__reactFiber')),
    );
    await page.getByRole('searchbox').fill('花朵');
    await page.getByRole('searchbox').press('Enter');
    // The server-rendered home may not be hydrated yet: the browser then sends the form itself, and
    // the search page is a new document whose load event waits for its covers.
    await page.waitForURL(/\/m\/search\?keyword=/, { waitUntil: 'commit' });
    await page.getByText('视频', { exact: true }).click();
    await page.waitForURL(/type=1/);
    await page.getByTestId('m-material').first().waitFor();
    await expectUsable(page);
    await page.getByTestId('m-material').first().click();
    await page.waitForURL(/\/m\/video\/detail\/\d+$/);
    const detailUrl = page.url();
    const price = await page.getByTestId('m-price').innerText();
    expect(price).toMatch(/^¥\d+\.\d{2}$/);

    // A visitor's add-to-cart asks for a login first, then comes back to the material.
    await page.getByRole('button', { name: '加入购物车' }).click();
    await page.waitForURL(/\/m\/login\?redirect=/);
    await expectUsable(page);
    await fillPhoneAndCode(page, newPhone('137'), '登录');
    await page.waitForURL(detailUrl);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await page.getByRole('button', { name: '加入购物车' }).click();
    await page.getByText('已加入购物车').waitFor();

    await page.goto(`${base()}/m/cart`);
    await page.getByTestId('m-cart-line').first().waitFor();
    expect(await page.getByTestId('m-cart-total').innerText()).toBe(price);
    await expectUsable(page);
    await page.getByRole('button', { name: /去结算/ }).click();
    await page.waitForURL(/\/m\/checkout\?ids=\d+/);
    expect(await page.getByTestId('m-checkout-amount').innerText()).toBe(price);
    await expectUsable(page);
    await page.getByRole('button', { name: '提交订单' }).click();
    await page.waitForURL(/\/m\/pay\?orderId=\d+/);
    await page.getByTestId('m-pay').waitFor();
    // Outside WeChat: both providers, each through its H5 page.
    await page.getByText('支付宝', { exact: true }).waitFor();
    await expectUsable(page);
    await payInPopup(page, /前往微信支付/);
    await expectUsable(page);

    await page.getByRole('button', { name: '查看授权与下载' }).click();
    await page.waitForURL(`${base()}/m/licences`);
    await page.getByTestId('m-licence').first().waitFor();
    await expectUsable(page);
    const [dl] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '下载授权证书' }).first().click(),
    ]);
    expect(dl.suggestedFilename()).toMatch(/^授权证书-.+\.pdf$/);
    expect((await downloadBytes(dl)).subarray(0, 5).toString()).toBe('%PDF-');

    await page.goto(`${base()}/m/orders`);
    expect(await page.getByTestId('m-order').first().innerText()).toContain('已支付');
    await expectUsable(page);
    await ctx.close();
  });

  it('inside WeChat, logs in with WeChat (binding a phone) and pays with WeChat Pay only', async () => {
    const ctx = await newContext(browser, { mobile: true, userAgent: WECHAT_UA });
    const page = await ctx.newPage();
    const video = (await api('/api/index/search?keyword=%E8%8A%B1%E6%9C%B5&type=1')).list[1];
    await page.goto(`${base()}/video/detail/${video.id}`);
    await page.waitForURL(`${base()}/m/video/detail/${video.id}`);
    await page.getByRole('button', { name: '立即购买' }).click();
    await page.waitForURL(/\/m\/login\?redirect=/);
    await page.getByRole('button', { name: '微信授权登录' }).click();
    // WeChat's authorization page (the sandbox's): a new WeChat identity, which must bind a phone.
    const [auth] = await Promise.all([
      ctx.waitForEvent('page'),
      page.getByRole('button', { name: '打开微信授权页' }).click(),
    ]);
    await auth.waitForURL(/\/dev\/wechat\?ticket=/);
    await auth.getByText('使用新的微信身份').click();
    await auth.getByText('扫码成功').waitFor();
    await auth.close();
    await page.getByRole('heading', { name: '手机号绑定' }).waitFor({ timeout: 10_000 });
    // Only the bind form is left on the page: WeChat was chosen.
    expect(await page.getByRole('textbox', { name: '手机号' }).count()).toBe(1);
    await expectUsable(page);
    await fillPhoneAndCode(page, newPhone('135'), '确定绑定');
    // Logged in, back to buying: the buy-now order confirmation.
    await page.waitForURL(/\/m\/video\/detail\/\d+$/);
    await page.getByRole('button', { name: '立即购买' }).click();
    await page.waitForURL(/\/m\/checkout\?materialId=/);
    await page.getByRole('button', { name: '提交订单' }).click();
    await page.waitForURL(/\/m\/pay\?orderId=\d+/);
    await page.getByTestId('m-pay').waitFor();
    await page.getByRole('button', { name: /微信内支付/ }).waitFor();
    expect(await page.getByText('支付宝', { exact: true }).count()).toBe(0);
    await payInPopup(page, /微信内支付/);
    await ctx.close();
  });

  it('keeps the excluded routes on the desktop site, usable at 390 px with the header in a menu', async () => {
    const ctx = await newContext(browser, { mobile: true });
    const page = await ctx.newPage();
    for (const path of ['/signCreator', '/gift', '/invite/company', '/forum2023', '/cooperation']) {
      await page.goto(base() + path);
      await page.getByTestId('header-menu').waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
      await expectUsable(page);
    }
    await page.getByTestId('header-menu').click();
    await page.locator('.ant-drawer').getByRole('link', { name: '版权服务' }).waitFor();
    // The open drawer locks the page behind it; the drawer itself fits the screen and its targets are big enough.
    // It slides in; once its motion is over it must lie within the 390 px.
    const wrapper = page.locator('.ant-drawer-content-wrapper');
    await wrapper.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    const drawer = (await wrapper.boundingBox())!;
    expect(drawer.x).toBeGreaterThanOrEqual(0);
    expect(drawer.x + drawer.width).toBeLessThanOrEqual(390);
    expect((await layoutReport(page)).smallTargets).toEqual([]);
    await ctx.close();
  });
});
