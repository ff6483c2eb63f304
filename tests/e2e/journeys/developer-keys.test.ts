/**
 * A company's developer in Chromium: opens 账户安全 → 开发者, creates an API key, copies the secret
 * from the one-time modal, calls /api/v1 with it (as their system would), sees the call in the log
 * after a reload, revokes the key, and the next call is refused.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../helpers/browser.js';
import { devToken, signedInPage } from '../../helpers/e2e-session.js';

const base = () => inject('baseUrl');

const callApi = (secret: string) =>
  fetch(`${base()}/api/v1/catalogue?pageSize=1`, { headers: { authorization: `Bearer ${secret}` } });

describe('developer keys', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('creates a key, uses it, sees the call in the log, revokes it', async () => {
    const { ctx, page } = await signedInPage(browser, await devToken(base(), 'demo_company'));
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base() });
    await page.goto(`${base()}/account/security`);
    await page.getByRole('tab', { name: '开发者' }).click();
    await page.getByRole('button', { name: '创建密钥' }).click();

    const name = `CMS 集成 ${Date.now()}`;
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('名称').fill(name);
    await dialog.getByLabel('检索与查看素材').check();
    await dialog.getByRole('button', { name: '创建密钥' }).click();

    await page.getByText('密钥只显示这一次').waitFor();
    await page.getByRole('button', { name: '复制密钥' }).click();
    const secret = await page.evaluate(() => navigator.clipboard.readText());
    expect(secret).toMatch(/^lm_live_/);
    expect(await page.getByTestId('api-key-secret').innerText()).toContain(secret);
    await page.getByRole('button', { name: '我已保存，关闭' }).click();

    const ok = await callApi(secret);
    expect(ok.status).toBe(200);

    await page.reload();
    await page.getByRole('tab', { name: '开发者' }).click();
    const row = page.getByRole('row', { name: new RegExp(name) }).first();
    await row.waitFor();
    await page.getByText('GET /api/v1/catalogue').first().waitFor();
    expect(await row.innerText()).toContain('检索与查看素材');

    await row.getByRole('button', { name: /吊\s?销/ }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /吊\s?销/ })
      .click();
    await row.getByText('已吊销').waitFor();

    const refused = await callApi(secret);
    expect(refused.status).toBe(401);
    expect((await refused.json()).data.error).toBe('key_revoked');
    await ctx.close();
  });
});
