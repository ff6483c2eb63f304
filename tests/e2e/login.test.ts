import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext } from '../helpers/browser.js';

/**
 * The dialog is reached the way a visitor meets it: opening a protected route (/account/welcome)
 * shows it (route guard in LoginDialogHost); logging out and back in goes through the header's
 * user menu and login button (HeaderUser).
 */
const userInfo = (base: string, token: string) =>
  fetch(`${base}/api/common/getUserInfo`, { headers: { authorization: token } });
const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

describe('login in the browser', () => {
  let browser: Browser;
  const base = inject('baseUrl');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('a new user logs in by QR (sandbox scan, bind phone with the sandbox SMS), logs out, logs back in by password', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto(`${base}/account/welcome`);
    const dialog = page.locator('.lumen-login-dialog .ant-modal');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('100万+ 正版视频素材');
    expect(await page.locator('a[href="/article/49"]').count()).toBe(1);
    const qr = page.locator('canvas[data-qr-url]');
    await qr.waitFor();
    const scanUrl = (await qr.getAttribute('data-qr-url'))!;
    expect(scanUrl.startsWith(`${base}/dev/wechat?ticket=`)).toBe(true);

    // The "phone" scans with a new WeChat identity. It is another device, so another browser
    // context: a second tab of this one would put the login page in the background, where every
    // click waited 1-2 s for an animation frame (17 s of this test).
    const phoneDevice = await newContext(browser);
    const phoneSide = await phoneDevice.newPage();
    await phoneSide.goto(scanUrl);
    expect(await phoneSide.locator('body').innerText()).toContain('沙箱');
    await phoneSide.click('text=使用新的微信身份');
    await phoneSide.waitForSelector('text=扫码成功');

    // Polling sees needBind and opens the bind dialog.
    const bind = page.locator('.ant-modal').filter({ hasText: '手机号绑定' });
    await bind.waitFor({ timeout: 10_000 });
    const phone = `136${String(Date.now()).slice(-8)}`;
    await bind.getByLabel('手机号').fill(phone);
    await bind.getByRole('button', { name: '获取验证码' }).click();
    await bind.getByRole('button', { name: /\d+s后重新获取/ }).waitFor();
    // The countdown starts at once; the message lands when the send call returns.
    const row = phoneSide.locator('tr').filter({ hasText: phone }).first();
    for (let i = 0; i < 20 && !(await row.count()); i++) {
      await phoneSide.goto(`${base}/dev/sms`);
      if (!(await row.count())) await phoneSide.waitForTimeout(500);
    }
    const code = (await row.locator('.code').innerText()).trim();
    expect(code).toMatch(/^\d{6}$/);
    await bind.getByLabel('验证码').fill(code);
    await bind.getByRole('button', { name: '确定绑定' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForSelector('text=账户首页');
    const qrToken = (await tokenOf(page))!;
    expect(qrToken).toBeTruthy();
    expect((await ctx.cookies()).find((c) => c.name === 'token1')?.value).toBe(qrToken);
    const me = (await (await userInfo(base, qrToken)).json()).data;
    expect(me.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);

    // Logout from the header user menu revokes the session on the server and returns home.
    await page.getByTestId('header-user').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.waitForSelector('text=已退出登录');
    await page.getByTestId('header-login').waitFor();
    expect(await tokenOf(page)).toBeNull();
    expect((await userInfo(base, qrToken)).status).toBe(401);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await dialog.count()).toBe(0);
    await page.getByTestId('header-login').click();
    await dialog.waitFor();

    // Back in by password with a demo account (Enter submits).
    await page.getByRole('tab', { name: '密码登录' }).click();
    await page.getByLabel('用户名').fill('demo_buyer');
    await page.getByLabel('密码', { exact: true }).fill('wrong-password');
    await page.getByLabel('密码', { exact: true }).press('Enter');
    await page.waitForSelector('text=用户名或密码错误');
    await page.getByLabel('密码', { exact: true }).fill('Lumen@2026');
    await page.getByLabel('密码', { exact: true }).press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const pwToken = (await tokenOf(page))!;
    expect(pwToken).not.toBe(qrToken);
    expect(await page.getByTestId('header-user').innerText()).toContain('演示买家');
    const buyer = (await (await userInfo(base, pwToken)).json()).data;
    expect(buyer.username).toBe('demo_buyer');

    // The account welcome page shows the user's name and their order count.
    await page.getByTestId('header-user').click();
    await page.getByRole('menuitem', { name: '账户中心' }).click();
    await page.getByTestId('welcome-user').waitFor();
    expect(await page.getByTestId('welcome-user').innerText()).toContain(buyer.nickname);
    const orders = (
      await (await fetch(`${base}/api/order/list?pageSize=1`, { headers: { authorization: pwToken } })).json()
    ).data.total;
    await page.getByTestId('welcome-count-orders').locator('.ant-statistic-content-value').waitFor();
    expect(await page.getByTestId('welcome-count-orders').locator('.ant-statistic-content-value').innerText()).toBe(
      String(orders),
    );
    await ctx.close();
    await phoneDevice.close();
  });

  it('a mobile browser opens on phone + SMS login without the marketing panel', async () => {
    const ctx = await newContext(browser, { mobile: true });
    const page = await ctx.newPage();
    // Mobile browsers are sent to the mobile site except on a few routes, such as the creator sign-up.
    await page.goto(`${base}/signCreator`);
    await page.getByTestId('header-login').click();
    const dialog = page.locator('.lumen-login-dialog .ant-modal');
    await dialog.waitFor();
    await page.locator('[data-testid=sms-login-form]').waitFor();
    expect(await page.getByRole('tab', { name: '密码登录' }).getAttribute('aria-selected')).toBe('true');
    expect(await dialog.innerText()).not.toContain('100万+');
    await page.getByLabel('手机号').pressSequentially('138a00 00');
    expect(await page.getByLabel('手机号').inputValue()).toBe('1380000');
    await dialog.getByRole('button', { name: '登录 / 注册' }).click();
    await page.waitForSelector('text=请输入11位数字手机号码');
    await ctx.close();
  });
});
