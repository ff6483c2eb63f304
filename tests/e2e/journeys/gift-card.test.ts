import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext } from '../../helpers/browser.js';
import { loginInDialog, payInSandbox } from '../../helpers/e2e-session.js';

/** The wallet page's balance in cents, as the page shows it. */
async function walletBalance(page: Page): Promise<number> {
  const text = await page.getByTestId('wallet-balance').locator('.ant-statistic-content').innerText();
  return Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
}

/**
 * Gift cards as people use them: a visitor buys two cards for a friend on /gift, logs in when
 * asked, pays at the cashier through the payment sandbox and finds the codes in 我购买的礼品卡; the
 * friend (another account, another browser) redeems one into the wallet and sees the balance and
 * the ledger line; the same code again is refused in Chinese, and the buyer's list shows it redeemed.
 */
/** Set SHOTS_DIR to keep screenshots of the pages on the way (the closing notes' list). */
const shots = process.env.SHOTS_DIR;

describe('journey: gift card bought, paid, passed on and redeemed', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('buy two ¥200 cards, pay, copy a code; another account redeems it into the wallet once', async () => {
    const base = inject('baseUrl');
    const buyerCtx = await newContext(browser);
    const buyer = await buyerCtx.newPage();
    await buyer.goto(`${base}/gift`);
    await buyer.getByTestId('gift-page').waitFor();
    await buyer.getByRole('radio', { name: '¥200' }).check();
    await buyer.getByLabel('张数').fill('2');
    await buyer.getByLabel('收礼人称呼').fill('小林');
    await buyer.getByLabel('祝福语').fill('祝创作顺利！');
    await buyer.getByText('应付：¥400.00').waitFor();
    await buyer.getByRole('button', { name: '去支付' }).click();
    // Not signed in: the login dialog first, then the order goes on to the cashier.
    await loginInDialog(buyer, 'demo_buyer');
    await buyer.waitForURL(/\/pay\?orderId=\d+/);
    await buyer.getByText('¥400.00').first().waitFor();
    await payInSandbox(buyer);
    await buyer.getByText('礼品卡卡密已生成').waitFor({ timeout: 30_000 });
    if (shots) await buyer.screenshot({ path: `${shots}/gift-paid.png`, fullPage: true });
    await buyer.getByRole('button', { name: '查看礼品卡卡密' }).click();
    await buyer.waitForURL(/\/gift\?tab=mine/);

    // The two new cards: redeemable, for 小林, each with a printed code.
    const rows = buyer.locator('.ant-table-row').filter({ hasText: '小林' });
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    const first = rows.first();
    expect(await first.innerText()).toContain('可兑换');
    expect(await first.innerText()).toContain('¥200.00');
    const code = (await first.locator('code').innerText()).trim();
    if (shots) await buyer.screenshot({ path: `${shots}/gift-mine.png`, fullPage: true });
    expect(code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);

    // The friend, in a browser of their own, redeems it (typed as printed, lower case is fine).
    const friendCtx = await newContext(browser);
    const friend = await friendCtx.newPage();
    await friend.goto(`${base}/gift?tab=redeem`);
    await friend.getByLabel('卡密').fill(code.toLowerCase());
    await friend.getByRole('button', { name: '立即兑换' }).click();
    await loginInDialog(friend, 'demo_company');
    await friend.getByText('兑换成功，¥200.00 已存入钱包').waitFor({ timeout: 15_000 });
    const after = await friend.getByText(/当前钱包余额/).innerText();
    if (shots) await friend.screenshot({ path: `${shots}/gift-redeemed.png`, fullPage: true });
    const afterCents = Math.round(Number(after.replace(/[^\d.]/g, '')) * 100);

    // The wallet agrees: the balance, and the ledger line of the redemption.
    await friend.getByRole('button', { name: '查看钱包' }).click();
    await friend.waitForURL(/\/account\/wallet/);
    await friend.getByTestId('wallet-balance').waitFor();
    expect(await walletBalance(friend)).toBe(afterCents);
    const line = friend.locator('.ant-table-row').filter({ hasText: '礼品卡兑换' }).first();
    await line.waitFor();
    expect(await line.innerText()).toContain('200.00');

    // The same code again: refused, the balance unchanged.
    await friend.goto(`${base}/gift?tab=redeem`);
    await friend.getByLabel('卡密').fill(code);
    await friend.getByRole('button', { name: '立即兑换' }).click();
    await friend
      .getByText(/已兑换|已被兑换/)
      .first()
      .waitFor({ timeout: 15_000 });
    await friend.goto(`${base}/account/wallet`);
    await friend.getByTestId('wallet-balance').waitFor();
    expect(await walletBalance(friend)).toBe(afterCents);

    // The buyer's list now shows that card redeemed.
    await buyer.reload();
    const redeemed = buyer.locator('.ant-table-row').filter({ hasText: code });
    await redeemed.waitFor();
    expect(await redeemed.innerText()).toContain('已兑换');
    await friendCtx.close();
    await buyerCtx.close();
  });
});
