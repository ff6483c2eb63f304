import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { downloadBytes, launchBrowser } from '../../helpers/browser.js';
import { devToken, payInSandbox, signedInPage } from '../../helpers/e2e-session.js';
import { jpeg } from '../../helpers/media.js';

/**
 * A creator buys a copyright-registration service on /cyprotect/myorderinfo and pays through the
 * WeChat sandbox, files a registration (through the API: the registration form has its own browser
 * tests), the sandbox authority accepts and issues it on /dev/authority, and the creator sees it
 * registered, is notified, and opens and downloads the certificate on /certifiy/copyright/register/{id}.
 */
describe('registration that progresses, in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('pay for a registration, the sandbox authority issues it, the certificate page shows and serves it', async () => {
    const base = inject('baseUrl');
    const token = await devToken(base, 'demo_creator');
    const { ctx, page } = await signedInPage(browser, token);

    // Buy one registration: the dialog opens on the registration package with the server's price.
    await page.goto(`${base}/cyprotect/myorderinfo?buy=registration`);
    await page.waitForFunction(() => !!document.querySelector('.ant-table'));
    await page.getByRole('button', { name: '购买服务' }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="service-quote"]')?.textContent === '¥300.00',
    );
    await page.getByRole('button', { name: '去支付' }).click();
    await page.waitForURL(/\/pay\?orderId=\d+/);
    await payInSandbox(page);
    await page.waitForSelector('text=服务已开通', { timeout: 15000 });

    // File the registration with the paid unit.
    const photo = await jpeg(320, 240);
    const workName = `晨雾山谷-${Date.now()}`;
    const data = {
      workName,
      workCategory: 1,
      authorName: '演示创作者',
      ownership: 'oneself',
      acquisition: 'original',
      nature: 'original',
      rights: ['publication', 'authorship'],
      completionDate: '2026-10-01',
      service: 1,
      media: 1,
      files: [{ name: '晨雾.jpg', size: photo.length, type: 'image/jpeg' }],
    };
    const body = new FormData();
    body.append('data', JSON.stringify(data));
    body.append('files', new Blob([photo], { type: 'image/jpeg' }), '晨雾.jpg');
    const created = await (
      await fetch(`${base}/api/protection/registration`, { method: 'POST', headers: { authorization: token }, body })
    ).json();
    expect(created.code, created.msg).toBe(200);
    const { id, case_no: caseNo } = created.data as { id: number; case_no: string };

    // The sandbox authority accepts, then issues.
    const sandbox = await ctx.newPage();
    for (const decision of ['accept', 'issue']) {
      await sandbox.goto(`${base}/dev/authority`);
      await sandbox.locator(`tr[data-case="${caseNo}"] button[data-decision="${decision}"]`).click();
      expect(await (await sandbox.waitForSelector('#result')).innerText()).toContain('回调已被平台接受');
    }
    await sandbox.close();

    // Registered in the creator's list, notified in the header inbox.
    await page.goto(`${base}/cyprotect/myregister`);
    const row = page.locator('.ant-table-row', { hasText: workName });
    await row.waitFor();
    expect(await row.innerText()).toContain('登记成功');
    expect(await row.innerText()).toMatch(/国作登字-\d{4}-F-\d{8}/);
    await page.getByRole('button', { name: '消息通知' }).click();
    await page.waitForSelector(
      `[data-testid="notification-panel"] >> text=「${workName}」著作权登记：登记成功，证书已发放`,
    );
    await page.keyboard.press('Escape');

    // The public certificate page, and its PDF.
    await row.getByRole('button', { name: '证书查验' }).click();
    await page.waitForURL(new RegExp(`/certifiy/copyright/register/${id}$`));
    await page.waitForSelector('text=作品登记有效');
    expect(await page.locator('.ant-descriptions').innerText()).toContain(workName);
    const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('certificate-pdf').click()]);
    expect(dl.suggestedFilename()).toMatch(/^登记证书-国作登字-.+\.pdf$/);
    expect((await downloadBytes(dl)).subarray(0, 5).toString()).toBe('%PDF-');
    await ctx.close();
  });
});
