/**
 * Content pages in Chromium against the built client on the seeded server: the login dialog's
 * agreement links open the CMS articles; a business enquiry reaches staff; a deposit application
 * autosaves as a draft that the applicant resumes from the draft box; /tool hashes a file locally.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext } from '../helpers/browser.js';
import { devToken, signedInPage } from '../helpers/e2e-session.js';

const base = () => inject('baseUrl');

const tokenOf = (username: string) => devToken(base(), username);

const pageAs = async (browser: Browser, username: string): Promise<Page> =>
  (await signedInPage(browser, await tokenOf(username))).page;

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
    for (const [href, title, text] of [
      ['/article/8', '流明素材服务协议', '素材授权'],
      ['/article/13', '流明素材隐私条款', 'token1'],
      ['/article/49', '关于更新《服务协议》与《隐私条款》的公告', '2023 年 3 月 21 日'],
    ]) {
      const [tab] = await Promise.all([
        ctx.waitForEvent('page'),
        page.locator(`.lumen-login-dialog a[href="${href}"]`).click(),
      ]);
      await tab.getByRole('heading', { name: title }).waitFor();
      expect(await tab.getByTestId('cms-body').innerText()).toContain(text);
      // The help-centre menu (its own request, answered after the article under load) lists the other agreements.
      await expect
        .poll(() => tab.getByTestId('help-menu').innerText(), { timeout: 15_000 })
        .toContain('流明素材服务协议');
      await tab.close();
    }

    await page.goto(`${base()}/cooperation`);
    const form = page.getByTestId('cooperation-form');
    await form.getByRole('button', { name: '提交咨询' }).click();
    await form.getByText('请填写公司名称').waitFor();
    await form.locator('.ant-select-selector', { has: page.locator('#root_topic') }).click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: /^版权服务$/ })
      .click();
    await form.locator('#root_company').fill('浏览器测试传媒有限公司');
    await form.locator('#root_name').fill('测试人');
    await form.locator('#root_phone').fill('13500001234');
    await form.locator('#root_need').fill('需要为 300 件作品办理版权登记');
    await form.getByRole('button', { name: '提交咨询' }).click();
    await form.getByText('提交成功').waitFor();
    await ctx.close();

    const staff = await tokenOf('demo_staff');
    const list = await (
      await fetch(`${base()}/api/admin/content/enquiries`, { headers: { authorization: staff } })
    ).json();
    expect(list.data.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          company: '浏览器测试传媒有限公司',
          topic: 'copyright',
          source: 'LUMEN_IMG_PURCHASE',
        }),
      ]),
    );

    // A deposit application autosaves as a draft and is resumed from the draft box.
    const creator = await pageAs(browser, 'demo_creator');
    await creator.goto(`${base()}/cyprotect/mydeposit?action=create`);
    await creator.locator('#root_workName').fill('浏览器草稿作品');
    await creator.getByText(/草稿已自动保存/).waitFor({ timeout: 10_000 });
    await creator.goto(`${base()}/cyprotect/myspsdraft`);
    await creator
      .getByTestId('draft-table')
      .locator('tr', { hasText: '版权存证：浏览器草稿作品' })
      .getByRole('button', { name: '继续填写' })
      .click();
    await creator.waitForURL(/\/cyprotect\/mydeposit\?action=create&draft=\d+/);
    await creator.getByText('已恢复草稿「版权存证：浏览器草稿作品」').waitFor();
    expect(await creator.locator('#root_workName').inputValue()).toBe('浏览器草稿作品');

    // /tool hashes a file in the browser: SHA-256("abc"), the FIPS 180-2 test vector.
    await creator.goto(`${base()}/tool`);
    await creator
      .getByTestId('fingerprint-drop')
      .locator('input[type=file]')
      .setInputFiles({ name: 'abc.txt', mimeType: 'text/plain', buffer: Buffer.from('abc') });
    const result = creator.getByTestId('fingerprint-result');
    await result.getByText('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad').waitFor();
    await result.getByText('存证记录中没有这个文件').waitFor();
    await creator.context().close();
  });

  it('a rights holder lists a deposited work, staff approve, a buyer buys it, both sign with SMS codes, the chain of title shows the new holder', async () => {
    const seller = await pageAs(browser, 'demo_creator');
    await seller.goto(`${base()}/cytransfer/publishcopyright`);
    const form = seller.getByTestId('listing-form');
    await form.locator('.ant-select-selector', { has: seller.locator('#root_proof') }).click();
    const option = seller
      .locator('.ant-select-item-option')
      .filter({ hasText: /^存证 · / })
      .first();
    await option.waitFor();
    const workName = (await option.innerText()).replace(/^存证 · /, '').replace(/（.*$/, '');
    await option.click();
    await form.locator('.ant-select-selection-item', { hasText: workName }).waitFor();
    for (const right of ['复制权', '信息网络传播权']) await form.getByLabel(right).check();
    await form.locator('#root_price').fill('8.8');
    await form.getByRole('button', { name: '提交审核' }).click();
    await seller.getByText('已提交，审核通过后公开').waitFor();

    const staff = await pageAs(browser, 'demo_staff');
    await staff.goto(`${base()}/admin/content`);
    await staff.getByText('版权挂牌审核').click();
    await staff
      .locator('tr', { hasText: workName })
      .getByRole('button', { name: /^通\s*过$/ })
      .click();
    await staff.getByText('已通过，挂牌已公开').waitFor();
    await staff.context().close();

    const buyer = await pageAs(browser, 'demo_buyer');
    await buyer.goto(`${base()}/cytransfer/buycopyright`);
    await buyer.getByTestId('market').getByText(workName).click();
    await buyer.getByTestId('buy-listing').click();
    const purchase = buyer.getByTestId('my-purchases').locator('tr', { hasText: workName });
    await purchase.getByText('托管中 · 待签署').waitFor();

    const signWith = async (page: typeof buyer, row: typeof purchase, phone: string) => {
      await row.getByRole('button', { name: '签署合同' }).click();
      await row.getByTestId('sign-code').waitFor();
      // The sandbox SMS outbox, newest first.
      const sms = await (await fetch(`${base()}/dev/sms`)).text();
      const code = sms.match(
        new RegExp(
          `<td class="phone">${phone}</td><td class="content">【流明素材】验证码<span class="code">(\\d{6})</span>，用于签署`,
        ),
      )![1];
      await row.getByTestId('sign-code').fill(code);
      await row.getByRole('button', { name: '确认签署' }).click();
    };
    await signWith(buyer, purchase, '13800000001');
    await buyer.getByText('已签署，等待对方签署').waitFor();

    await seller.goto(`${base()}/cytransfer/salecopyright`);
    const sale = seller.getByTestId('my-sales').locator('tr', { hasText: workName });
    await signWith(seller, sale, '13800000004');
    await seller.getByText('双方均已签署，交易完成').waitFor();
    await sale.getByText('已完成').waitFor();

    // The sold listing's chain of title names the buyer as the new holder.
    const listings = await (
      await fetch(`${base()}/api/cytransfer/mine`, { headers: { authorization: await tokenOf('demo_creator') } })
    ).json();
    const sold = listings.data.listings.find((l: { workName: string }) => l.workName === workName);
    expect(sold.status).toBe('sold');
    const chain = await (await fetch(`${base()}/api/cytransfer/listings/${sold.id}/chain`)).json();
    expect(chain.data.transfers.at(-1).holder).toBe('演示买家');
    await buyer.reload();
    await buyer.getByTestId('my-purchases').locator('tr', { hasText: workName }).getByText('已完成').waitFor();
    await seller.context().close();
    await buyer.context().close();
  });
});
