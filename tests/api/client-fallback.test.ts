import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeTestApp } from '../helpers/app.js';

describe('built client with SPA fallback', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-client-'));
  beforeAll(async () => {
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
    // The mobile site: the same build's second page (vite.config.ts, m/index.html).
    fs.mkdirSync(path.join(clientDir, 'm'));
    fs.writeFileSync(
      path.join(clientDir, 'm', 'index.html'),
      '<!doctype html><div id="root" data-site="mobile"></div>',
    );
    t = await makeTestApp({ CLIENT_DIR: clientDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it.each(['/account/welcome', '/community/post/1'])('serves index.html for client route %s', async (url) => {
    const r = await t.app.inject(url);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.body).toContain('<div id="root">');
  });

  it.each(['/m', '/m/', '/m/video/detail/3', '/m/search?keyword=%E7%86%8A%E7%8C%AB', '/m?inviteId=u1'])(
    'serves the mobile site for %s',
    async (url) => {
      const r = await t.app.inject(url);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toContain('text/html');
      expect(r.body).toContain('data-site="mobile"');
    },
  );

  it.each(['/media/1', '/mobile', '/material/7'])('keeps %s on the desktop site', async (url) => {
    const r = await t.app.inject(url);
    expect(r.body).toContain('<div id="root">');
  });

  it.each(['/api/nope', '/api/', '/community/api/nope'])(
    'answers %s with the 404 envelope, not the page',
    async (url) => {
      const r = await t.app.inject(url);
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual({ code: 404, success: false, msg: '接口不存在', message: '接口不存在', data: null });
    },
  );

  it('answers a missing file with an envelope, not the page', async () => {
    const r = await t.app.inject('/files/nope.png');
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ code: 404, success: false });
  });
});
