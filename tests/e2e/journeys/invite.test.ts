import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext } from '../../helpers/browser.js';
import { devToken, payInSandbox, signedInPage } from '../../helpers/e2e-session.js';

/** A number shown by an antd Statistic titled `title` on the page. */
async function statistic(page: Page, title: string): Promise<number> {
  const stat = page.locator('.ant-statistic').filter({ has: page.getByText(title, { exact: true }) });
  return Number((await stat.locator('.ant-statistic-content').innerText()).replace(/[^\d.]/g, ''));
}

/** The latest SMS code sent to a phone, read from the SMS sandbox (/dev/sms) as a phone would. */
async function smsCode(sandbox: BrowserContext, base: string, phone: string): Promise<string> {
  const page = await sandbox.newPage();
  const row = page.locator('tr').filter({ hasText: phone }).first();
  for (let i = 0; i < 20 && !(await row.count()); i++) {
    await page.goto(`${base}/dev/sms`);
    if (!(await row.count())) await page.waitForTimeout(500);
  }
  const code = (await row.locator('.code').innerText()).trim();
  await page.close();
  return code;
}

/**
 * 邀请有礼 end to end: the inviter copies their link on /invite; a new visitor opens it, registers
 * with a phone number and an SMS code, and makes a first purchase through the payment sandbox; the
 * inviter's page then counts the friend and the reward, the invite records list the friend as
 * 已购买, and the wallet holds the reward line.
 */
/** Set SHOTS_DIR to keep screenshots of the pages on the way (the closing notes' list). */
const shots = process.env.SHOTS_DIR;

describe('journey: invite link -> registration -> first purchase -> reward', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('a friend registers through the link and buys; the inviter gets ¥10 in the wallet', async () => {
    const base = inject('baseUrl');
    const { ctx: inviterCtx, page: inviter } = await signedInPage(browser, await devToken(base, 'demo_creator'));
    await inviter.goto(`${base}/invite`);
    const link = await inviter.getByTestId('invite-link').inputValue();
    expect(link).toMatch(new RegExp(`^${base}/\\?inviteId=\\d+$`));
    await inviter.getByText('累计奖励').waitFor();
    const invitedBefore = await statistic(inviter, '已邀请');
    const rewardBefore = await statistic(inviter, '累计奖励');

    // The friend opens the link in a browser of their own and registers by phone.
    const friendCtx = await newContext(browser);
    const friend = await friendCtx.newPage();
    await friend.goto(link);
    await friend.getByTestId('header-login').click();
    const dialog = friend.locator('.lumen-login-dialog .ant-modal');
    await dialog.waitFor();
    await friend.getByRole('tab', { name: '密码登录' }).click();
    await dialog.getByText('手机验证码登录').click();
    const phone = `137${String(Date.now()).slice(-8)}`;
    await dialog.getByLabel('手机号').fill(phone);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await dialog.getByRole('button', { name: /\d+s后重新获取/ }).waitFor();
    const phoneDevice = await newContext(browser);
    await dialog.getByLabel('验证码', { exact: true }).fill(await smsCode(phoneDevice, base, phone));
    await dialog.getByRole('button', { name: '登录 / 注册' }).click();
    await dialog.waitFor({ state: 'detached' });
    await friend.getByTestId('header-user').waitFor();

    // Their first purchase: a work from the home page, bought at once, paid through the sandbox.
    await friend.goto(`${base}/`);
    await friend.locator('[data-testid="material-card"]').first().click();
    await friend.waitForURL(/\/video\/detail\/\d+/);
    await friend.getByTestId('licence-picker').waitFor();
    await friend.getByRole('button', { name: /立即购买/ }).click();
    await friend.waitForURL(/\/buy\/direct\?/);
    await friend.getByRole('button', { name: /提交订单/ }).click();
    await friend.waitForURL(/\/pay\?orderId=\d+/);
    await payInSandbox(friend);
    await friend.getByText('授权已生效').waitFor({ timeout: 30_000 });

    // The inviter sees the friend and the reward.
    await inviter.reload();
    await inviter.getByText('累计奖励').waitFor();
    if (shots) await inviter.screenshot({ path: `${shots}/invite.png`, fullPage: true });
    expect(await statistic(inviter, '已邀请')).toBe(invitedBefore + 1);
    expect(await statistic(inviter, '累计奖励')).toBeCloseTo(rewardBefore + 10, 2);
    await inviter.getByRole('link', { name: '查看邀请记录' }).click();
    await inviter.waitForURL(/\/account\/invited/);
    const row = inviter
      .locator('.ant-table-row')
      .filter({ hasText: phone.slice(-4) })
      .first();
    await row.waitFor();
    expect(await row.innerText()).toContain('已购买');
    if (shots) await inviter.screenshot({ path: `${shots}/invited.png`, fullPage: true });
    await inviter.goto(`${base}/account/wallet`);
    const line = inviter.locator('.ant-table-row').filter({ hasText: '邀请奖励' }).first();
    await line.waitFor();
    expect(await line.innerText()).toContain('10.00');

    await phoneDevice.close();
    await friendCtx.close();
    await inviterCtx.close();
  });
});
