/**
 * Content pages in Chromium against the built client on the seeded server: the login dialog's
 * agreement links open the CMS articles; a business enquiry reaches staff; a deposit application
 * autosaves as a draft that the applicant resumes from the draft box; /tool hashes a file locally.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext } from '../helpers/browser.js';

const base = () => inject('baseUrl');

async function tokenOf(username: string): Promise<string> {
  const r = await fetch(`${base()}/dev/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'Lumen@2026' }) });
  return (await r.json()).data.token;
}

async function pageAs(browser: Browser, username: string): Promise<Page> {
  const token = await tokenOf(username);
  const ctx = await newContext(browser);
  await ctx.addInitScript((t) => localStorage.setItem('token', t), token);
  return ctx.newPage();
}

describe('content pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("the login dialog's agreement links open the real articles; a /cooperation enquiry reaches staff", async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto(`${base()}/account/welcome`);
    await page.locator('.lumen-login-dialog .ant-modal').waitFor();
    for (const [href, title, text] of [['/article/8', '流明素材服务协议', '素材授权'], ['/article/13', '流明素材隐私条款', 'token1'], ['/article/49', '关于更新《服务协议》与《隐私条款》的公告', '2023 年 3 月 21 日']]) {
      const [tab] = await Promise.all([ctx.waitForEvent('page'), page.locator(`.lumen-login-dialog a[href="${href}"]`).click()]);
      await tab.getByRole('heading', { name: title }).waitFor();
      expect(await tab.getByTestId('cms-body').innerText()).toContain(text);
      // The help-centre menu lists the other agreements.
      expect(await tab.getByTestId('help-menu').innerText()).toContain('流明素材服务协议');
      await tab.close();
    }

    await page.goto(`${base()}/cooperation`);
    const form = page.getByTestId('cooperation-form');
    await form.getByRole('button', { name: '提交咨询' }).click();
    await form.getByText('请填写公司名称').waitFor();
    await form.locator('.ant-select-selector', { has: page.locator('#root_topic') }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: /^版权服务$/ }).click();
    await form.locator('#root_company').fill('浏览器测试传媒有限公司');
    await form.locator('#root_name').fill('测试人');
    await form.locator('#root_phone').fill('13500001234');
    await form.locator('#root_need').fill('需要为 300 件作品办理版权登记');
    await form.getByRole('button', { name: '提交咨询' }).click();
    await form.getByText('提交成功').waitFor();
    await ctx.close();

    const staff = await tokenOf('demo_staff');
    const list = await (await fetch(`${base()}/api/admin/content/enquiries`, { headers: { authorization: staff } })).json();
    expect(list.data.list).toEqual(expect.arrayContaining([expect.objectContaining({ company: '浏览器测试传媒有限公司', topic: 'copyright', source: 'LUMEN_IMG_PURCHASE' })]));
  });

  it('a deposit application autosaves as a draft, is resumed from /cyprotect/myspsdraft; /tool hashes a file in the browser', async () => {
    const page = await pageAs(browser, 'demo_creator');
    await page.goto(`${base()}/cyprotect/mydeposit?action=create`);
    await page.locator('#root_workName').fill('浏览器草稿作品');
    await page.getByText(/草稿已自动保存/).waitFor({ timeout: 10_000 });

    await page.goto(`${base()}/cyprotect/myspsdraft`);
    const row = page.getByTestId('draft-table').locator('tr', { hasText: '版权存证：浏览器草稿作品' });
    await row.getByRole('button', { name: '继续填写' }).click();
    await page.waitForURL(/\/cyprotect\/mydeposit\?action=create&draft=\d+/);
    await page.getByText('已恢复草稿「版权存证：浏览器草稿作品」').waitFor();
    expect(await page.locator('#root_workName').inputValue()).toBe('浏览器草稿作品');

    await page.goto(`${base()}/tool`);
    await page.getByTestId('fingerprint-drop').locator('input[type=file]').setInputFiles({ name: 'abc.txt', mimeType: 'text/plain', buffer: Buffer.from('abc') });
    const result = page.getByTestId('fingerprint-result');
    // SHA-256("abc"), the FIPS 180-2 test vector.
    await result.getByText('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad').waitFor();
    await result.getByText('存证记录中没有这个文件').waitFor();
    await page.context().close();
  });
});
