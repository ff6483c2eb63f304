import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/src/seed/users.js';
import { newContext } from './browser.js';

/**
 * A session token for a seeded demo account, through the development-only POST /dev/session: the
 * login dialog's QR and SMS steps have their own browser test (login.test.ts).
 */
export async function devToken(base: string, username: string): Promise<string> {
  const r = await fetch(`${base}/dev/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const body = await r.json();
  if (!body.data?.token) throw new Error(`dev session for ${username} failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

/** A fresh browser context signed in with the token (where the client keeps it), and a page in it. */
export async function signedInPage(browser: Browser, token: string): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await newContext(browser);
  await ctx.addInitScript((t) => localStorage.setItem('token', t), token);
  return { ctx, page: await ctx.newPage() };
}

/**
 * Confirms the payment shown on the /pay page in the payment sandbox, as the payer's phone would
 * after scanning: another browser context, so the /pay page stays in the foreground and keeps polling.
 */
export async function payInSandbox(page: Page, opts: { ignoreHTTPSErrors?: boolean } = {}): Promise<void> {
  const link = await page.waitForSelector('[data-testid="sandbox-link"]');
  const phone = await newContext(page.context().browser()!, opts);
  const sandbox = await phone.newPage();
  await sandbox.goto((await link.getAttribute('href'))!);
  await sandbox.getByRole('button', { name: '确认支付' }).click();
  await sandbox.waitForSelector('text=支付成功');
  await phone.close();
}

/** Logs in through the login dialog a page has opened, by password (the demo accounts' one). */
export async function loginInDialog(page: Page, username: string): Promise<void> {
  const dialog = page.locator('.lumen-login-dialog .ant-modal');
  await dialog.waitFor();
  await page.getByRole('tab', { name: '密码登录' }).click();
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('密码', { exact: true }).press('Enter');
  await dialog.waitFor({ state: 'detached' });
}

/**
 * Signs up / in by phone through the login dialog opened from the header of `from` (a path or a full
 * address, e.g. an invite link, whose query the registration carries), reading the code from the
 * sandbox SMS outbox as the phone would. Returns the signed-in page.
 */
export async function smsLogin(ctx: BrowserContext, base: string, phone: string, from = '/'): Promise<Page> {
  // Each sign-in uses a new phone, and the e2e server lifts the per-address spacing
  // (SMS_IP_INTERVAL_S=0, global-setup.ts): no send waits for another.
  const page = await ctx.newPage();
  await page.goto(from.startsWith('http') ? from : `${base}${from}`);
  await page.getByTestId('header-login').click();
  const dialog = page.locator('.lumen-login-dialog .ant-modal');
  await dialog.waitFor();
  // Under load a click on the tab can land before the dialog settles: click until the pane shows.
  const smsMode = dialog.getByText('手机验证码登录');
  for (let i = 0; i < 3 && !(await smsMode.isVisible()); i++) {
    await dialog.getByRole('tab', { name: '密码登录' }).click();
    await smsMode.waitFor({ timeout: 10_000 }).catch(() => undefined);
  }
  await smsMode.click();
  await dialog.getByLabel('手机号').fill(phone);
  // The outbox is the phone: another device, so another context. A second tab of this one would
  // put the dialog's page in the background, where clicks wait for animation frames.
  const phoneDevice = await newContext(ctx.browser()!);
  const outbox = await phoneDevice.newPage();
  const row = outbox.locator('tr').filter({ hasText: phone }).first();
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  for (let i = 0; i < 20 && !(await row.count()); i++) {
    await outbox.goto(`${base}/dev/sms`);
    if (!(await row.count())) await outbox.waitForTimeout(500);
  }
  const code = (await row.locator('.code').innerText()).trim();
  await phoneDevice.close();
  await dialog.getByRole('textbox', { name: '验证码', exact: true }).fill(code);
  await dialog.getByRole('button', { name: '登录 / 注册' }).click();
  await dialog.waitFor({ state: 'detached' });
  return page;
}
