import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, WECHAT_UA } from '../../helpers/browser.js';
import { devToken } from '../../helpers/e2e-session.js';
import { expectUsable, payInPopup } from '../../helpers/mobile-journey.js';

/**
 * The mobile site's collect, invite, copyright-service and trace pages on an iPhone at 390 × 844:
 * each desktop address lands on its mobile page with the same record (album, invite, certificate
 * number, service kind), prices are the catalogue's, a trace unit is bought and paid on the phone
 * and the certificate it pays for is found by its number; every page fits 390 px with tap targets
 * of 24 px or more. A shared album and an invite link are opened inside WeChat.
 */
const base = () => inject('baseUrl');
const apiAs = async (token: string | null, method: string, path: string, body?: unknown) => {
  const r = await fetch(`${base()}${path}`, {
    method,
    headers: { ...(token ? { authorization: token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await r.json();
  if (!json.success) throw new Error(`${method} ${path}: ${json.msg}`);
  return json.data;
};
const money = (cents: number) => `¥${(cents / 100).toFixed(2)}`;

/** Opens a desktop address on the phone and waits for the mobile page it is sent to. */
async function lands(page: Page, desktop: string, mobile: string) {
  await page.goto(base() + desktop);
  await page.waitForURL(base() + mobile);
  expect(page.url()).toBe(base() + mobile);
}

describe('the mobile site: collect, invites, copyright services and trace', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('each copyright service page shows its service with the catalogue prices', async () => {
    const catalogue = (await apiAs(null, 'GET', '/api/service-orders/catalogue')) as {
      packages: Array<{ sku: string; service: string; priceCents: number }>;
    };
    const ctx = await newContext(browser, { mobile: true });
    const page = await ctx.newPage();
    // [desktop address, mobile address, heading or text on the page, service code of its packages]
    const rows: Array<[string, string, string, string | null]> = [
      ['/copyright', '/m/copyright', '流明版权服务', null],
      ['/copyright/protection', '/m/copyright/protection', '版权保护', null],
      ['/copyrightDeposit', '/m/copyright/deposit', '版权存证', 'deposit'],
      ['/copyrightCheckin', '/m/copyright/checkin', '版权登记', 'registration'],
      ['/copyrightCheckinDci', '/m/copyright/checkin/dci', 'DCI 登记', 'dci'],
      ['/copyrightMonitor/video', '/m/copyright/monitor/video', '每秒取样 2 帧', 'monitor'],
      ['/copyrightJustice/registration', '/m/copyright/justice/registration', '已取得登记证书', 'notarization'],
      ['/copyright/webEvidence', '/m/copyright/web-evidence', '网页取证', 'web_evidence'],
      ['/copyright/trace/CreativeProtection', '/m/trace/creative-protection', '创意保护溯源', 'trace'],
      ['/copyright/trace/FlowProtection', '/m/trace/flow-protection', '流量保护溯源', 'trace'],
      ['/copyright/trace/SolidEvidence', '/m/trace/solid-evidence', '固证溯源', 'trace'],
    ];
    for (const [desktop, mobile, text, service] of rows) {
      await lands(page, desktop, mobile);
      await page.getByText(text).first().waitFor();
      if (service) {
        const pkgs = catalogue.packages.filter((p) => p.service === service);
        expect(pkgs.length, service).toBeGreaterThan(0);
        await page.getByTestId('m-service-package').first().waitFor();
        expect(await page.getByTestId('m-service-package').count()).toBe(pkgs.length);
        for (const p of pkgs) expect(await page.getByTestId(`m-price-${p.sku}`).innerText()).toBe(money(p.priceCents));
      }
      await expectUsable(page);
    }
    // The index links to the service pages of this site.
    await page.goto(`${base()}/m/copyright`);
    await page.getByRole('link', { name: /版权存证/ }).click();
    await page.waitForURL(`${base()}/m/copyright/deposit`);

    await lands(page, '/copyrightPlan', '/m/copyright/plan');
    const plan = await apiAs(null, 'GET', '/api/collective/plan');
    await page.getByTestId('m-plan-figure').first().waitFor();
    expect(await page.getByTestId('m-plan-figure').first().innerText()).toBe(`${plan.members} 位`);
    await expectUsable(page);

    await lands(page, '/copyrightVerify/file', '/m/copyright/verify/file');
    await page.getByRole('button', { name: '选择要核验的文件' }).waitFor();
    await expectUsable(page);
    await ctx.close();
  });

  it('buys a trace unit on the phone, and the certificate it pays for opens from its number', async () => {
    const token = await devToken(base(), 'demo_creator');
    const ctx = await newContext(browser, { mobile: true });
    await ctx.addInitScript((t) => localStorage.setItem('token', t), token);
    const page = await ctx.newPage();
    await lands(page, '/copyright/trace/SolidEvidence', '/m/trace/solid-evidence');
    const trace = (await apiAs(null, 'GET', '/api/service-orders/catalogue')).packages.find(
      (p: { service: string }) => p.service === 'trace',
    );
    await page.getByRole('button', { name: `购买${trace.title}` }).click();
    const sheet = page.getByTestId('m-buy-service');
    await expect.poll(() => sheet.getByTestId('m-service-quote').innerText()).toBe(money(trace.priceCents));
    await expectUsable(page);
    await sheet.getByRole('button', { name: '去支付' }).click();
    await page.waitForURL(/\/m\/pay\?orderId=\d+/);
    await page.getByTestId('m-pay').waitFor();
    await payInPopup(page, /前往微信支付/);
    await page.getByText('服务额度已到账').waitFor();

    // The certificate the unit pays for (drawn by a background job), for the work with the longest history.
    const works = (await apiAs(token, 'GET', '/api/trace/works')).list as Array<{
      id: number;
      title: string;
      events: number;
    }>;
    const work = works.reduce((a, b) => (b.events > a.events ? b : a));
    const { jobId } = await apiAs(token, 'POST', `/api/trace/works/${work.id}/certificates`);
    let certNo = '';
    await expect
      .poll(
        async () => {
          const job = await apiAs(token, 'GET', `/api/jobs/${jobId}`);
          certNo = job.result?.certNo ?? '';
          return job.state;
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe('succeeded');

    // The QR code's address, opened by a visitor's phone: the same certificate, checked.
    const visitor = await newContext(browser, { mobile: true });
    const qr = await visitor.newPage();
    await lands(qr, `/copyright/trace/cert?no=${certNo}`, `/m/trace/cert?no=${certNo}`);
    await qr.getByTestId('m-trace-result').waitFor();
    expect(await qr.getByTestId('m-trace-cert-no').innerText()).toBe(certNo);
    const shown = await qr.getByTestId('m-trace-result').innerText();
    expect(shown).toContain('核验通过');
    expect(shown).toContain(work.title);
    await expectUsable(qr);
    // A number that is no certificate is refused with a message, not a blank page.
    await qr.goto(`${base()}/m/trace/cert?no=TR0000000000000000-AAAAAA`);
    await qr.getByRole('alert').waitFor();
    await visitor.close();
    await ctx.close();
  });

  it('collect folders: my list and a folder land on the phone with the same record; the shared folder opens in WeChat', async () => {
    const token = await devToken(base(), 'demo_buyer');
    const name = `手机收藏 ${Date.now() % 100000}`;
    const album = await apiAs(token, 'POST', '/api/collect', { name });
    const material = (await apiAs(null, 'GET', '/api/index/search?keyword=%E8%8A%B1%E6%9C%B5&type=1')).list[0];
    await apiAs(token, 'POST', `/api/collect/${album.id}/items`, { materialId: material.id });
    await apiAs(token, 'PUT', `/api/collect/${album.id}`, { shared: true });

    const ctx = await newContext(browser, { mobile: true });
    await ctx.addInitScript((t) => localStorage.setItem('token', t), token);
    const page = await ctx.newPage();
    await lands(page, '/account/collect', '/m/collect');
    await page.getByTestId('m-collect-album').filter({ hasText: name }).waitFor();
    await expectUsable(page);
    await lands(page, `/account/collect/detail/${album.id}`, `/m/collect/detail/${album.id}`);
    expect(await page.getByTestId('m-collect-name').innerText()).toBe(name);
    expect(await page.getByTestId('m-collect-item').first().innerText()).toContain(material.title);
    await expectUsable(page);
    await ctx.close();

    const wechat = await newContext(browser, { mobile: true, userAgent: WECHAT_UA });
    const shared = await wechat.newPage();
    await lands(shared, `/personalcollect/${album.id}`, `/m/collect/share/${album.id}`);
    expect(await shared.getByTestId('m-collect-name').innerText()).toBe(name);
    expect(await shared.getByTestId('m-collect-item').first().innerText()).toContain(material.title);
    await expectUsable(shared);
    await wechat.close();
  });

  it('an invite link opened in WeChat keeps the inviter for the registration; the inviter sees their invites', async () => {
    const wechat = await newContext(browser, { mobile: true, userAgent: WECHAT_UA });
    const page = await wechat.newPage();
    await lands(page, '/account/invited?inviteId=u42', '/m/invited?inviteId=u42');
    await page.getByText('好友邀请您加入流明素材').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('inviteId'))).toBe('u42');
    await expectUsable(page);
    await wechat.close();

    const token = await devToken(base(), 'demo_buyer');
    const info = await apiAs(token, 'GET', '/api/user/invite');
    const ctx = await newContext(browser, { mobile: true });
    await ctx.addInitScript((t) => localStorage.setItem('token', t), token);
    const mine = await ctx.newPage();
    await lands(mine, '/account/invited', '/m/invited');
    await mine.getByText(info.link).waitFor();
    await expectUsable(mine);
    await ctx.close();
  });
});
