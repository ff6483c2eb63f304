/**
 * The account centre in Chromium against the built client on the real seeded server: a new user
 * (SMS sign-up) certifies as a company, staff approve at /admin/certifications, the company buys a
 * company scenario, tops up its wallet through the pay sandbox, adds a sub-account, and the
 * sub-account (its own SMS sign-in) buys within its monthly limit with the company's wallet; then the
 * company requests an invoice, staff issue it at /admin/invoices and the company downloads the PDF.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { downloadBytes, launchBrowser, newContext } from '../../helpers/browser.js';
import { jpeg } from '../../helpers/media.js';
import { smsLogin } from '../../helpers/e2e-session.js';
import { PDFDocument } from 'pdf-lib';

const base = () => inject('baseUrl');
const uniquePhone = (prefix: string) => `${prefix}${String(Date.now()).slice(-8)}`;

async function staffPage(browser: Browser): Promise<Page> {
  const r = await fetch(`${base()}/dev/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo_staff', password: 'Lumen@2026' }),
  });
  const token = (await r.json()).data.token;
  const ctx = await newContext(browser);
  await ctx.addInitScript((t) => localStorage.setItem('token', t), token);
  return ctx.newPage();
}

/** Confirms a payment on the sandbox page a pay link opens. */
async function confirmInSandbox(ctx: BrowserContext, payUrl: string) {
  // The payer's phone: another context, for the reason smsLogin gives.
  const phoneDevice = await newContext(ctx.browser()!);
  const sandbox = await phoneDevice.newPage();
  await sandbox.goto(payUrl);
  await sandbox.getByRole('button', { name: '确认支付' }).click();
  await sandbox.waitForSelector('text=支付成功');
  await phoneDevice.close();
}

/** Opens the first video, picks a scenario and buys it now; answers on the /pay page. */
async function buyFirstVideo(page: Page, scenario: string) {
  await page.goto(`${base()}/search?type=1`);
  await page.locator('[data-testid="material-card"]').first().click();
  await page.waitForSelector('[data-testid="licence-picker"]');
  await page.getByText(scenario, { exact: true }).click();
  await page.getByRole('button', { name: /立即购买/ }).click();
  await page.waitForURL(/\/buy\/direct/);
  await page.getByRole('button', { name: /提交订单/ }).click();
  await page.waitForURL(/\/pay\?orderId=\d+/);
}

describe('account centre and back office', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('a new user certifies as a company, staff approve, it buys a company scenario, tops up, its sub-account buys within its limit, and an invoice is issued', async () => {
    const companyName = `晨光影像${Date.now() % 10000}有限公司`;
    const ctx = await newContext(browser);
    const page = await smsLogin(ctx, base(), uniquePhone('135'));

    // Certification form from the schema; the credit code's check character is validated in the browser.
    await page.goto(`${base()}/account/verify/company`);
    await page.getByLabel('机构名称').fill(companyName);
    await page.getByLabel('统一社会信用代码').fill('91350100M000100Y44');
    await page.getByLabel('法定代表人').fill('李四');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: '营业执照.jpg', mimeType: 'image/jpeg', buffer: await jpeg(320, 200) });
    await page.getByRole('button', { name: '提交认证' }).click();
    await page.waitForSelector('text=统一社会信用代码校验位不正确');
    await page.getByLabel('统一社会信用代码').fill('91350100M000100Y43');
    await page.getByRole('button', { name: '提交认证' }).click();
    await page.waitForSelector('text=认证资料审核中');

    // Staff review it with the licence image and approve at the company level.
    const staff = await staffPage(browser);
    await staff.goto(`${base()}/admin/certifications`);
    await staff
      .locator('tr')
      .filter({ hasText: companyName })
      .getByRole('button', { name: /审\s*核/ })
      .click();
    await staff.waitForSelector('img[alt=证照]');
    await staff.getByRole('button', { name: '通过认证' }).click();
    await staff.getByRole('button', { name: '确认通过' }).click();
    await staff.waitForSelector(`text=已通过 ${companyName} 的实名认证`);
    await staff.goto(`${base()}/admin/audit`);
    await staff.locator('tr').filter({ hasText: companyName }).filter({ hasText: '通过实名认证' }).waitFor();
    await staff.context().close();

    // The account is now a company: it buys a company scenario, licensed in the company's name.
    await page.goto(`${base()}/account/verify`);
    await page.getByTestId('verify-standing').getByText('企业账号').waitFor();
    await buyFirstVideo(page, '电商广告');
    await confirmInSandbox(ctx, (await page.getByTestId('sandbox-link').getAttribute('href'))!);
    await page.waitForSelector('text=支付成功', { timeout: 15000 });

    // Wallet top-up through the sandbox, then a sub-account with a 1500 yuan monthly limit.
    await page.goto(`${base()}/account/wallet`);
    await page.getByRole('button', { name: /充\s*值/ }).click();
    await page.getByLabel('充值金额（元）').fill('2000');
    await page.getByRole('button', { name: '去支付' }).click();
    await page.getByTestId('topup-qr').waitFor();
    await confirmInSandbox(ctx, (await page.getByText('在沙箱中打开支付页').getAttribute('href'))!);
    await page.waitForSelector('text=充值成功', { timeout: 15000 });
    // The dialog says 充值成功 as soon as the poll sees the payment; the balance behind it reloads right after.
    await expect.poll(() => page.getByTestId('wallet-balance').innerText(), { timeout: 10000 }).toContain('2,000.00');

    const subPhone = uniquePhone('134');
    await page.goto(`${base()}/account/subsidiaryList`);
    await page.getByRole('button', { name: '添加子账号' }).click();
    const form = page.locator('.ant-modal').filter({ hasText: '添加子账号' });
    await form.getByLabel('手机号').fill(subPhone);
    await form.getByLabel('姓名').fill('采购小王');
    await form.getByLabel('每月额度（元）').fill('1500');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await page.locator('tr').filter({ hasText: '采购小王' }).waitFor();

    // The sub-account signs in by SMS and pays with the company's wallet, within its limit.
    const subCtx = await newContext(browser);
    const sub = await smsLogin(subCtx, base(), subPhone);
    await buyFirstVideo(sub, '电商广告');
    await sub.getByRole('button', { name: '使用企业钱包支付' }).click();
    await sub.waitForSelector('text=支付成功', { timeout: 15000 });
    await subCtx.close();

    // The company sees the sub-account's order, licensed to the company, and the spend against the limit.
    await page.reload();
    const row = page.locator('tr').filter({ hasText: '采购小王' }).filter({ hasText: companyName });
    await row.first().waitFor();
    expect(await page.locator('tr').filter({ hasText: subPhone }).innerText()).toMatch(/[1-9]\d*\.\d\d \/ 1500\.00/);

    // The company requests an invoice for its paid order; staff issue it; the company downloads the PDF.
    await page.goto(`${base()}/account/ticket?action=create`);
    const orderRow = page.locator('[id=root_orders] .ant-table-row').first();
    await orderRow.waitFor();
    await orderRow.getByRole('checkbox').check();
    await page.getByLabel('发票抬头').fill(companyName);
    await page.getByLabel('纳税人识别号').fill('91350100M000100Y44');
    await page.getByLabel('接收邮箱').fill('finance@example.cn');
    await page.getByRole('button', { name: /提\s*交/ }).click();
    await page.waitForSelector('text=纳税人识别号不正确，请核对');
    await page.getByLabel('纳税人识别号').fill('91350100M000100Y43');
    await page.getByRole('button', { name: /提\s*交/ }).click();
    await page.waitForURL(/\/account\/ticket\/detail\?id=\d+/);
    await page.getByTestId('invoice-detail').getByText('待开票').first().waitFor();

    const issuer = await staffPage(browser);
    await issuer.goto(`${base()}/admin/invoices`);
    await issuer
      .locator('tr')
      .filter({ hasText: companyName })
      .getByRole('button', { name: /开\s*具/ })
      .click();
    await issuer
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await issuer.waitForSelector('text=已开具，发票号码');
    await issuer.goto(`${base()}/admin/audit`);
    await issuer.locator('tr').filter({ hasText: '开具发票' }).first().waitFor();
    await issuer.context().close();

    await page.reload();
    await page.getByText(/电子发票已开具，发票号码 \d{20}/).waitFor();
    const [dl] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /下载电子发票/ }).click(),
    ]);
    expect(dl.suggestedFilename()).toMatch(/^电子发票-\d{20}\.pdf$/);
    const pdf = await downloadBytes(dl);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await PDFDocument.load(pdf)).getTitle()).toMatch(/^电子发票（普通发票）\d{20}$/);
    await ctx.close();
  }, 420_000);
});
