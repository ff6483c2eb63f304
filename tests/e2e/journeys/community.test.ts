/**
 * Demand posting in Chromium against the built client on the seeded server: a buyer posts a
 * bounty (escrowed from the wallet), a creator responds with a proposal, the buyer picks it, the
 * creator delivers a video of their catalogue, the buyer accepts — the creator is paid and the
 * buyer holds a licence for the delivered work. Also: a creator's showcase post and its feed card.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../helpers/browser.js';
import { devToken, signedInPage } from '../../helpers/e2e-session.js';

const base = () => inject('baseUrl');

const tokenOf = (username: string) => devToken(base(), username);

const pageAs = async (browser: Browser, token: string): Promise<Page> => (await signedInPage(browser, token)).page;

const api = async (path: string, token: string) =>
  (await (await fetch(`${base()}${path}`, { headers: { authorization: token } })).json()).data;
const confirmPop = (page: Page) =>
  page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();

describe('community demand posting in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('a buyer posts a bounty demand and a creator fulfils it: escrow held, released on acceptance, licence granted', async () => {
    const buyerToken = await tokenOf('demo_enhanced');
    const creatorToken = await tokenOf('demo_creator');
    const buyerBefore = (await api('/api/wallet/info', buyerToken)).balanceCents;
    const creatorBefore = (await api('/api/wallet/info', creatorToken)).balanceCents;

    const buyer = await pageAs(browser, buyerToken);
    await buyer.goto(`${base()}/community/demands/new`);
    const form = buyer.getByTestId('demand-form');
    await form.locator('#root_title').waitFor();
    await form.getByRole('button', { name: '发布需求' }).click();
    await form.getByText('请填写需求标题').waitFor();
    await form.locator('#root_title').fill('浏览器测试：江南水乡航拍');
    await form.locator('#root_description').fill('需要乌镇清晨航拍视频，4K，时长30秒以上，用于个人自媒体');
    await form.locator('.ant-select-selector', { has: buyer.locator('#root_scenario') }).click();
    await buyer
      .locator('.ant-select-item-option')
      .filter({ hasText: /^个人自媒体$/ })
      .click();
    await form.locator('#root_budget').fill('20');
    const deadline = new Date(Date.now() + 8 * 3600_000 + 7 * 86_400_000).toISOString().slice(0, 10);
    await form.locator('#root_deadline').click();
    await form.locator('#root_deadline').fill(deadline);
    // Pick the day in the calendar as a person does: Enter in a form field may submit the form.
    await buyer.locator(`.ant-picker-dropdown:visible .ant-picker-cell[title="${deadline}"]`).click();
    expect(await form.locator('#root_deadline').inputValue()).toBe(deadline);
    await form.getByRole('button', { name: '发布需求' }).click();
    await buyer.waitForURL(/\/community\/demands\/\d+$/);
    const demandId = Number(buyer.url().split('/').pop());
    const detail = buyer.getByTestId('demand-detail');
    await detail.getByText('赏金 ¥20.00（已托管）').waitFor();
    expect(await detail.getByTestId('demand-status').innerText()).toBe('征集中');
    expect((await api('/api/wallet/info', buyerToken)).balanceCents).toBe(buyerBefore - 2000);

    // The creator finds it in the demand hall and responds with a proposal.
    const creator = await pageAs(browser, creatorToken);
    await creator.goto(`${base()}/community/demands`);
    await creator.getByTestId('demand-list').getByRole('link', { name: '浏览器测试：江南水乡航拍' }).click();
    await creator.getByTestId('respond').click();
    const dialog = creator.locator('.ant-modal', { hasText: '响应需求' });
    await dialog.getByText('提交创作方案').click();
    await dialog.locator('#root_message').fill('下周在乌镇实拍，提供4K原片');
    await dialog.getByRole('button', { name: '提交响应' }).click();
    await creator.getByRole('button', { name: '已响应，等待需求方选择' }).waitFor();

    // The buyer picks the response; the creator delivers a video of their catalogue.
    await buyer.reload();
    await buyer.getByTestId('responses').getByText('下周在乌镇实拍，提供4K原片').waitFor();
    await buyer
      .getByTestId('responses')
      .getByRole('button', { name: /选\s*中/ })
      .click();
    await confirmPop(buyer);
    await buyer.getByTestId('demand-status').filter({ hasText: '进行中' }).waitFor();

    await creator.reload();
    await creator.getByTestId('deliver').click();
    const deliver = creator.locator('.ant-modal', { hasText: '交付作品' });
    await deliver.locator('.ant-select-selector', { has: creator.locator('#root_materialId') }).click();
    // The first option is RJSF's empty one; the works read "title（#id）".
    await creator
      .locator('.ant-select-item-option')
      .filter({ hasText: /（#\d+）$/ })
      .first()
      .click();
    await deliver.locator('#root_note').fill('原片已上传到作品库');
    await deliver.getByRole('button', { name: '确认交付' }).click();
    await creator.getByTestId('demand-status').filter({ hasText: '待验收' }).waitFor();
    // Delivered but not accepted: the money is still in escrow.
    expect((await api('/api/wallet/info', creatorToken)).balanceCents).toBe(creatorBefore);

    await buyer.reload();
    await buyer.getByTestId('accept-delivery').click();
    await confirmPop(buyer);
    await buyer.getByText('已完成：款项已支付给创作者，交付作品的授权已发放到您的账户').waitFor();
    expect((await api('/api/wallet/info', creatorToken)).balanceCents).toBe(creatorBefore + 2000);
    const d = await api(`/community/api/demands/${demandId}`, buyerToken);
    expect(d).toMatchObject({ status: 'completed', priceCents: 2000, scenario: 'personal_media' });
    const licences = (await api('/api/order/authrecord/list', buyerToken)).list;
    expect(licences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ materialId: d.deliveredMaterialId, scenario: 'personal_media' }),
      ]),
    );

    // The creator's "my responses" shows the picked, completed demand.
    await creator.goto(`${base()}/community/mine`);
    await creator.getByRole('tab', { name: /我的响应/ }).click();
    const row = creator.getByTestId('my-responses').locator('tr', { hasText: '浏览器测试：江南水乡航拍' });
    await row.getByText('已选中').waitFor();
    await row.getByText('已完成').waitFor();
    await buyer.context().close();
    await creator.context().close();
  });

  it('a creator publishes a showcase post from their works; it shows in the feed and others can like it', async () => {
    const creator = await pageAs(browser, await tokenOf('demo_creator'));
    await creator.goto(`${base()}/community/publish`);
    const form = creator.getByTestId('post-form');
    await form.locator('#root_title').fill('浏览器测试：山川作品集');
    await form.locator('#root_body').fill('近期拍摄的山川风光');
    await form.locator('input[type=checkbox]').first().check();
    await form.getByRole('button', { name: /^发\s*布$/ }).click();
    await creator.waitForURL(/\/community\/post\/\d+$/);
    await creator.getByTestId('post-detail').getByText('近期拍摄的山川风光').waitFor();
    const postUrl = creator.url();
    await creator.context().close();

    const fan = await pageAs(browser, await tokenOf('demo_buyer'));
    await fan.goto(`${base()}/community`);
    await fan.getByTestId('post-grid').getByText('浏览器测试：山川作品集').click();
    expect(fan.url()).toBe(postUrl);
    await fan.getByTestId('like').click();
    await fan.getByTestId('like').filter({ hasText: '已赞 1' }).waitFor();
    await fan.context().close();
  });
});
