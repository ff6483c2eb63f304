import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser, newContext } from '../helpers/browser.js';
import { jpeg, noisePng } from '../helpers/media.js';

/**
 * The generated deposit views in Chromium against the built app on the real seeded server.
 * Sign-in uses the development-only POST /dev/session (username + password -> token), because the
 * login dialog's SMS/QR steps are covered by the login browser tests (login.test.ts).
 */
const PASSWORD = 'Lumen@2026';

async function tokenFor(base: string, username: string): Promise<string> {
  const r = await fetch(`${base}/dev/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  const body = await r.json();
  if (!body.data?.token) throw new Error(`dev session failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

describe('evidence deposits in the browser', () => {
  let browser: Browser;
  let base: string;
  let buyerToken: string;
  let staffToken: string;
  let dir: string;
  let photo: string;
  let bigPng: string;

  beforeAll(async () => {
    base = inject('baseUrl');
    browser = await launchBrowser();
    buyerToken = await tokenFor(base, 'demo_buyer');
    staffToken = await tokenFor(base, 'demo_staff');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-e2e-files-'));
    photo = path.join(dir, '山川日出.jpg');
    fs.writeFileSync(photo, await jpeg(800, 600));
    bigPng = path.join(dir, '大图.png');
    fs.writeFileSync(bigPng, await noisePng(1000, 1000)); // about 3 MB
  });
  afterAll(async () => {
    await browser?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function signedInPage(): Promise<Page> {
    const ctx = await newContext(browser);
    await ctx.addInitScript((t) => localStorage.setItem('token', t), buyerToken);
    return ctx.newPage();
  }

  /** Opens the create form and fills name, category (an antd Select) and the file. */
  async function fillDeposit(page: Page, name: string, category: string, file: string) {
    await page.goto(`${base}/cyprotect/mydeposit?action=create`);
    await page.getByLabel('作品名称').fill(name);
    await page.locator('.ant-select-selector', { has: page.locator('#root_workCategory') }).click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: new RegExp(`^${category}$`) })
      .first()
      .click();
    await page.locator('input[type=file]').setInputFiles(file);
    await page.getByText(path.basename(file)).first().waitFor();
  }

  it('lists deposits, creates one with an image, sees it deposited and downloads its certificate', async () => {
    const page = await signedInPage();
    await page.goto(`${base}/cyprotect/mydeposit`);
    await page.getByText('暂无存证').waitFor();

    await page.getByRole('button', { name: /新建存证/ }).click();
    await fillDeposit(page, '山川日出', '摄影作品', photo);
    await page.getByRole('button', { name: /提\s*交/ }).click();

    // The show view of the new record: status from the status table, the certificate action.
    await page.getByText('存证详情').waitFor({ timeout: 30_000 });
    await expect(page.locator('.ant-tag', { hasText: '已存证' }).count()).resolves.toBeGreaterThan(0);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /下载证书/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^存证证书-LM\d{16}-[0-9A-Z]{6}\.pdf$/);
    const saved = path.join(dir, 'cert.pdf');
    await file.saveAs(saved);
    expect(fs.readFileSync(saved).subarray(0, 5).toString()).toBe('%PDF-');
    const certNo = /LM\d{16}-[0-9A-Z]{6}/.exec(file.suggestedFilename())![0];
    await expect(page.getByText(certNo).count()).resolves.toBeGreaterThan(0);

    await page.getByRole('button', { name: /返回列表/ }).click();
    const row = page.locator('tr', { hasText: '山川日出' });
    await row.waitFor();
    expect(await row.locator('.ant-tag').innerText()).toBe('已存证');

    // The public check the certificate's QR code points at.
    await page.goto(`${base}/certifiy/copyright/deposit/${certNo}`);
    await page.getByText('证书有效').waitFor();
    expect(await page.getByText('山川日出').count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('a rule staff change (image 5 MB -> 2 MB) is enforced by the browser form and the server; rollback restores both', async () => {
    const id = encodeURIComponent('lumen:rules/deposit');
    const api = (url: string, init: RequestInit = {}) =>
      fetch(`${base}${url}`, {
        ...init,
        headers: { 'content-type': 'application/json', authorization: staffToken, ...(init.headers ?? {}) },
      }).then((r) => r.json());
    const current = (await api(`/api/schemas/${id}`)).data.body;
    current['x-rules'].image.maxBytes = 2 * 1024 * 1024;
    const saved = await api(`/api/schemas/${id}`, {
      method: 'PUT',
      body: JSON.stringify({ body: current, note: '图片改为2MB' }),
    });
    expect(saved.code).toBe(200);

    const serverDeposit = async () => {
      const form = new FormData();
      form.append(
        'data',
        JSON.stringify({
          workName: '大图',
          workCategory: 2,
          files: [{ name: '大图.png', size: fs.statSync(bigPng).size, type: 'image/png', width: 1000, height: 1000 }],
        }),
      );
      form.append('files', new Blob([fs.readFileSync(bigPng)], { type: 'image/png' }), '大图.png');
      return (
        await fetch(`${base}/api/protection/deposit`, {
          method: 'POST',
          headers: { authorization: buyerToken },
          body: form,
        })
      ).json();
    };

    try {
      const page = await signedInPage();
      const posts: string[] = [];
      page.on(
        'request',
        (r) => r.method() === 'POST' && r.url().includes('/api/protection/deposit') && posts.push(r.url()),
      );
      await fillDeposit(page, '大图', '美术作品', bigPng);
      await page.getByRole('button', { name: /提\s*交/ }).click();
      await page.getByText('请上传JPG/PNG/JPEG格式图片，大小不超过2MB').first().waitFor();
      // Refused by the browser's validator with the server's current rule: nothing was posted.
      expect(posts).toEqual([]);
      expect(await page.getByText('存证详情').count()).toBe(0);
      const refused = await serverDeposit();
      expect(refused.code).toBe(400);
      expect(refused.msg).toBe('请上传JPG/PNG/JPEG格式图片，大小不超过2MB');
      await page.context().close();
    } finally {
      const back = await api(`/api/schemas/${id}/rollback`, { method: 'POST', body: JSON.stringify({ version: 0 }) });
      expect(back.code).toBe(200);
    }

    const page = await signedInPage();
    await fillDeposit(page, '大图', '美术作品', bigPng);
    await page.getByRole('button', { name: /提\s*交/ }).click();
    await page.getByText('存证详情').waitFor({ timeout: 30_000 });
    const accepted = await serverDeposit();
    expect(accepted.code, JSON.stringify(accepted)).toBe(200);
    expect(accepted.data.status).toBe(1);
    await page.context().close();
  });
});
