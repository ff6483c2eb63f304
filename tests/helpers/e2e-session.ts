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
export async function payInSandbox(page: Page): Promise<void> {
  const link = await page.waitForSelector('[data-testid="sandbox-link"]');
  const phone = await newContext(page.context().browser()!);
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
