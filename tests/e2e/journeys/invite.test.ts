import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext } from '../../helpers/browser.js';
import { devToken, payInSandbox, signedInPage, smsLogin } from '../../helpers/e2e-session.js';

/** A number shown by an antd Statistic titled `title` on the page. */
async function statistic(page: Page, title: string): Promise<number> {
  const stat = page.locator('.ant-statistic').filter({ has: page.getByText(title, { exact: true }) });
  return Number((await stat.locator('.ant-statistic-content').innerText()).replace(/[^\d.]/g, ''));
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
    const phone = `137${String(Date.now()).slice(-8)}`;
    const friend = await smsLogin(friendCtx, base, phone, link);
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

    await friendCtx.close();
    await inviterCtx.close();
  });
});
