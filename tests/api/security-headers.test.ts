import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { makeTestApp } from '../helpers/app.js';
import { HSTS_VALUE } from '../../server/src/plugins/security-headers.js';

/** The headers every response carries, whatever produced it. */
function expectSecurityHeaders(r: LightMyRequestResponse) {
  const csp = String(r.headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self' 'unsafe-eval'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toMatch(/img-src 'self' data: blob:/);
  expect(r.headers['x-content-type-options']).toBe('nosniff');
  expect(r.headers['x-frame-options']).toBe('DENY');
  expect(r.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  // Served over plain HTTP here: no HSTS.
  expect(r.headers['strict-transport-security']).toBeUndefined();
}

describe('security headers', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let proxied: Awaited<ReturnType<typeof makeTestApp>>;
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-client-'));
  let mediaUrl = '';

  beforeAll(async () => {
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await makeTestApp({ CLIENT_DIR: clientDir });
    const key = 'media-public/202601/0123abcd.jpg';
    await t.app.storage.put(key, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]));
    mediaUrl = `/files/${key}`;
    proxied = await makeTestApp({
      TRUST_PROXY: 'true',
      CSP_CONNECT_SRC: 'https://api.lumen.example https://stat.lumen.example',
    });
  });
  afterAll(async () => {
    await t?.close();
    await proxied?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('on an API answer and on the 404 envelope', async () => {
    const health = await t.app.inject('/api/health');
    expect(health.statusCode).toBe(200);
    expectSecurityHeaders(health);
    const missing = await t.app.inject('/api/nope');
    expect(missing.statusCode).toBe(404);
    expectSecurityHeaders(missing);
  });

  it('on the SPA HTML', async () => {
    const r = await t.app.inject('/account/welcome');
    expect(r.headers['content-type']).toContain('text/html');
    expectSecurityHeaders(r);
  });

  it('on a /files media answer, named inline', async () => {
    const r = await t.app.inject(mediaUrl);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/jpeg');
    expect(r.headers['content-disposition']).toBe(`inline; filename="0123abcd.jpg"; filename*=UTF-8''0123abcd.jpg`);
    expectSecurityHeaders(r);
  });

  it('sends HSTS only for HTTPS requests, as reported by a trusted proxy', async () => {
    const https = await proxied.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe(HSTS_VALUE);
    const http = await proxied.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
    expect(http.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY the header is a client's claim and is ignored.
    const untrusted = await t.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  });

  it('CSP_CONNECT_SRC adds the origins a client built with VITE_*_BASE elsewhere talks to', async () => {
    const r = await proxied.app.inject('/api/health');
    expect(r.headers['content-security-policy']).toContain(
      "connect-src 'self' https://api.lumen.example https://stat.lumen.example",
    );
  });
});

describe('the inline script of the built index.html', () => {
  it('is allowed by its SHA-256 (as the browser hashes its text), and nothing else inline is', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-client-'));
    const inline = '(function(){window.__lumenEarly={}})();';
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      `<!doctype html><head><script type="module" crossorigin src="/assets/index.js"></script><script>${inline}</script></head><div id="root"></div>`,
    );
    const app = await makeTestApp({ CLIENT_DIR: dir });
    try {
      const r = await app.app.inject({ method: 'GET', url: '/' });
      const scriptSrc = String(r.headers['content-security-policy'])
        .split(';')
        .find((d) => d.startsWith('script-src'))!;
      const hash = (await import('node:crypto')).createHash('sha256').update(inline).digest('base64');
      expect(scriptSrc).toBe(`script-src 'self' 'unsafe-eval' 'sha256-${hash}'`);
    } finally {
      await app.close();
    }
  });
});
