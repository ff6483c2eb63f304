import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser, newContext } from '../helpers/browser.js';
import { noisePng } from '../helpers/media.js';
import { sha256 } from '../helpers/upload.js';

/**
 * The creator's chunked upload in Chromium against the built app and the real server: the real
 * simple-uploader.js, the SHA-256 worker, XHR chunks, assembly and the content check, then instant
 * upload of the same file. Sign-in through the development-only POST /dev/session.
 */
describe('chunked upload in the browser', () => {
  let browser: Browser;
  let base: string;
  let token: string;
  let dir: string;

  beforeAll(async () => {
    base = inject('baseUrl');
    const r = await fetch(`${base}/dev/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo_creator', password: 'Lumen@2026' }),
    });
    token = (await r.json()).data.token;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-e2e-upload-'));
    fs.writeFileSync(path.join(dir, '山川日出.png'), await noisePng(1200, 900));
    fs.writeFileSync(path.join(dir, '山川日落.png'), await noisePng(1200, 900));
    fs.writeFileSync(path.join(dir, '太小.png'), await noisePng(300, 200));
    // About 9 MB: nine 1 MB chunks, enough to stop half way.
    fs.writeFileSync(path.join(dir, '长江全景.png'), await noisePng(2000, 1500));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('uploads several files in chunks, refuses a too-small image, and instant-uploads a repeat', async () => {
    const ctx = await newContext(browser);
    await ctx.addInitScript((t) => localStorage.setItem('token', t), token);
    const page = await ctx.newPage();
    await page.goto(`${base}/creator/upload/image`);
    await page.getByText('点击或将文件拖拽到此处上传，可一次选择多个文件').waitFor();
    const files = ['山川日出.png', '山川日落.png', '太小.png'].map((f) => path.join(dir, f));
    await page.setInputFiles('[data-testid=upload-input]', files);
    // Every file settles (success or error); the assertions below then say which ended how.
    await page
      .waitForFunction(() => document.querySelectorAll('[data-state=success], [data-state=error]').length === 3, null, {
        timeout: 90_000,
      })
      .catch(() => undefined);
    const rows = await page.locator('[data-testid=upload-row]').allInnerTexts();
    expect(rows, rows.join(' | ')).toHaveLength(3);
    expect(rows.find((r) => r.includes('太小.png'))).toContain('图片尺寸需在800x600至20000x20000像素之间');
    expect(
      rows.filter((r) => r.includes('上传成功')),
      rows.join(' | '),
    ).toHaveLength(2);
    // Both completed files wait in the work form (one row each) for their work information.
    await page.getByLabel('山川日出.png的作品标题').waitFor();
    await page.getByLabel('山川日落.png的作品标题').waitFor();
    const awaiting = await (
      await fetch(`${base}/api/user/works/uploads?workType=11`, { headers: { authorization: token } })
    ).json();
    const ids = awaiting.data.list
      .filter((u: { filename: string }) => u.filename.startsWith('山川日'))
      .map((u: { id: string }) => u.id);
    expect(new Set(ids).size).toBe(2);

    // The server holds both originals: its status answers complete with its own SHA-256.
    const status = await (await fetch(`${base}/api/upload/${ids[0]}`, { headers: { authorization: token } })).json();
    expect(status.data).toMatchObject({ state: 'complete', mime: 'image/png' });

    await page.setInputFiles('[data-testid=upload-input]', [files[0]]);
    await page.locator('.ant-tag', { hasText: '秒传' }).waitFor({ timeout: 30_000 });
    await ctx.close();
  });

  it('a reload half way, then the same file picked again: only the missing chunks are sent', async () => {
    const ctx = await newContext(browser);
    await ctx.addInitScript((t) => localStorage.setItem('token', t), token);
    // A slow line: each chunk takes 600 ms to go up, so the reload lands in the middle.
    await ctx.route('**/api/upload/chunk', async (route) => {
      if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    const page = await ctx.newPage();
    const posts: Array<{ phase: 'before' | 'after'; chunk: number }> = [];
    let phase: 'before' | 'after' = 'before';
    let answered = 0;
    page.on('request', (req) => {
      if (req.method() !== 'POST' || !req.url().endsWith('/api/upload/chunk')) return;
      const chunk = Number(/name="chunkNumber"\r\n\r\n(\d+)/.exec(req.postDataBuffer()?.toString('latin1') ?? '')?.[1]);
      posts.push({ phase, chunk });
    });
    page.on('requestfinished', (req) => {
      if (req.method() === 'POST' && req.url().endsWith('/api/upload/chunk')) answered++;
    });
    const file = path.join(dir, '长江全景.png');
    await page.goto(`${base}/creator/upload/image`);
    await page.getByText('点击或将文件拖拽到此处上传，可一次选择多个文件').waitFor();
    const first = page.waitForResponse((r) => r.url().endsWith('/api/upload/init'));
    await page.setInputFiles('[data-testid=upload-input]', [file]);
    const { data: started } = await (await first).json();
    await expect.poll(() => answered, { timeout: 30_000 }).toBeGreaterThanOrEqual(4);

    await page.reload();
    phase = 'after';
    await page.getByText('点击或将文件拖拽到此处上传，可一次选择多个文件').waitFor();
    const second = page.waitForResponse((r) => r.url().endsWith('/api/upload/init'));
    await page.setInputFiles('[data-testid=upload-input]', [file]);
    const { data: resumed } = await (await second).json();
    // The same upload, holding what went up before the reload.
    expect(resumed.id).toBe(started.id);
    expect(resumed.uploaded.length).toBeGreaterThanOrEqual(4);
    await page.locator('[data-testid=upload-row][data-state=success]').waitFor({ timeout: 60_000 });

    const after = posts.filter((p) => p.phase === 'after').map((p) => p.chunk);
    const missing = Array.from({ length: started.totalChunks }, (_, i) => i + 1).filter(
      (n) => !resumed.uploaded.includes(n),
    );
    expect(missing.length).toBeGreaterThan(0);
    expect(after.sort((a, b) => a - b)).toEqual(missing);
    const status = await (
      await fetch(`${base}/api/upload/${started.id}`, { headers: { authorization: token } })
    ).json();
    expect(status.data).toMatchObject({ state: 'complete', sha256: sha256(fs.readFileSync(file)) });
    await ctx.close();
  });
});
