import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser, newContext } from '../../helpers/browser.js';
import { jpeg } from '../../helpers/media.js';

/**
 * A deposit, then the public pages: the certificate page, and the verify page checking the
 * original file against the receipt entirely in the browser (verify-receipt.mjs + WebCrypto),
 * including consistency with the checkpoints this browser saw before.
 */
describe('verifiable evidence in the browser', () => {
  let browser: Browser;
  let base: string;
  let dir: string;

  beforeAll(async () => {
    base = inject('baseUrl');
    browser = await launchBrowser();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-e2e-evidence-'));
  });
  afterAll(async () => {
    await browser?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a deposit, then the public verify page checks the file and the receipt locally, and refuses another file', async () => {
    const login = await fetch(`${base}/dev/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo_creator', password: 'Lumen@2026' }),
    });
    const token = (await login.json()).data.token as string;
    const photo = await jpeg(640, 480);
    const form = new FormData();
    form.append(
      'data',
      JSON.stringify({
        workName: '晨雾湖面',
        workCategory: 1,
        files: [{ name: '晨雾湖面.jpg', size: photo.length, type: 'image/jpeg', width: 640, height: 480 }],
      }),
    );
    form.append('files', new Blob([photo], { type: 'image/jpeg' }), '晨雾湖面.jpg');
    const created = await (
      await fetch(`${base}/api/protection/deposit`, { method: 'POST', headers: { authorization: token }, body: form })
    ).json();
    expect(created.code, JSON.stringify(created)).toBe(200);
    const { id, cert_no: certNo } = created.data;
    const receipt = await (
      await fetch(`${base}/api/protection/deposit/${id}/receipt`, { headers: { authorization: token } })
    ).text();
    const files = {
      photo: path.join(dir, '晨雾湖面.jpg'),
      receipt: path.join(dir, '回执.json'),
      other: path.join(dir, '另一张.jpg'),
    };
    fs.writeFileSync(files.photo, photo);
    fs.writeFileSync(files.receipt, receipt);
    fs.writeFileSync(files.other, await jpeg(640, 481));

    const page = await (await newContext(browser)).newPage();
    await page.goto(`${base}/certifiy/copyright/deposit/${certNo}`);
    await page.getByText('证书有效').waitFor();

    // A first visit pins the key and records the newest checkpoint, so the receipt's check below
    // also runs against a checkpoint "seen before".
    await page.goto(`${base}/certifiy`);
    const verifier = page.getByTestId('receipt-verifier');
    const inputs = verifier.locator('input[type=file]');
    await inputs.nth(0).setInputFiles(files.photo);
    await inputs.nth(1).setInputFiles(files.receipt);
    await verifier.getByRole('button', { name: '开始验证' }).click();
    await verifier.getByText('验证通过：文件与回执一致，且包含在平台签名的存证日志中').waitFor({ timeout: 30_000 });
    for (const step of ['file', 'leaf', 'inclusion', 'signature', 'timestamp', 'latest']) {
      expect(await verifier.getByTestId(`step-${step}`).getAttribute('data-ok'), step).toBe('true');
    }
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('lumen.evidence.seenCheckpoints') ?? '[]').length),
    ).toBeGreaterThan(0);

    // Again, now with checkpoints this browser has seen: consistent; then another file: refused.
    await verifier.getByRole('button', { name: '开始验证' }).click();
    await verifier.getByTestId('step-seen').waitFor();
    expect(await verifier.getByTestId('step-seen').getAttribute('data-ok')).toBe('true');
    await inputs.nth(0).setInputFiles(files.other);
    await verifier.getByRole('button', { name: '开始验证' }).click();
    await verifier.getByText('验证未通过').waitFor({ timeout: 30_000 });
    expect(await verifier.getByTestId('step-file').getAttribute('data-ok')).toBe('false');

    // The platform page publishes the key the browser pinned.
    await page.goto(`${base}/certifiy/platform`);
    const key = await page.getByTestId('verifier-key').innerText();
    expect(key).toBe(JSON.parse(receipt).logKey);
    expect(await page.evaluate(() => localStorage.getItem('lumen.evidence.pinnedKey'))).toBe(key);
    await page.context().close();
  });
});
