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

/** Confirms the payment shown on the /pay page in the payment sandbox, in a tab of its own (the phone's scan). */
export async function payInSandbox(page: Page): Promise<void> {
  const link = await page.waitForSelector('[data-testid="sandbox-link"]');
  const sandbox = await page.context().newPage();
  await sandbox.goto((await link.getAttribute('href'))!);
  await sandbox.getByRole('button', { name: '确认支付' }).click();
  await sandbox.waitForSelector('text=支付成功');
  await sandbox.close();
}
