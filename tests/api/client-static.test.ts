import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { makeTestApp } from '../helpers/app.js';
import { pickEncoding, precompressDir } from '../../server/src/http/precompress.js';

/** The built client is sent as the build compressed it, and hashed assets are cached for a year. */
describe('built client: precompressed, immutable assets', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-client-'));
  const js = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `素材${i}`))};\n`;
  const html = `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div>${'<!-- pad -->'.repeat(200)}</body></html>`;

  beforeAll(async () => {
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), js);
    fs.writeFileSync(path.join(clientDir, 'index.html'), html);
    fs.writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(precompressDir(clientDir)).toBe(2);
    t = await makeTestApp({ CLIENT_DIR: clientDir });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('writes .br and .gz beside each text asset that decode to the original', () => {
    const file = path.join(clientDir, 'assets', 'index-abc123.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(js);
    expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(js);
    // Too small to gain anything.
    expect(fs.existsSync(path.join(clientDir, 'favicon.svg.br'))).toBe(false);
  });

  it('sends the stored .br bytes of a hashed asset with a one-year immutable cache', async () => {
    const r = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(r.headers.vary)).toContain('accept-encoding');
    // Byte for byte the build's file: nothing was compressed for this request.
    expect(r.rawPayload.equals(fs.readFileSync(path.join(clientDir, 'assets', 'index-abc123.js.br')))).toBe(true);
  });

  it('falls back to .gz and to the raw file by Accept-Encoding', async () => {
    const gz = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(fs.readFileSync(path.join(clientDir, 'assets', 'index-abc123.js.gz')))).toBe(true);
    const raw = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.body).toBe(js);
  });

  it('serves the SPA HTML precompressed, revalidated on every load', async () => {
    const r = await t.app.inject({ url: '/search?keyword=%E9%A3%8E%E6%99%AF', headers: { 'accept-encoding': 'br' } });
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.rawPayload.equals(fs.readFileSync(path.join(clientDir, 'index.html.br')))).toBe(true);
    const plain = await t.app.inject({ url: '/search' });
    expect(plain.body).toBe(html);
  });

  it('files outside /assets keep revalidation', async () => {
    const r = await t.app.inject({ url: '/favicon.svg' });
    expect(r.statusCode).toBe(200);
    expect(String(r.headers['cache-control'])).not.toContain('immutable');
  });

  it('picks encodings by the header, honouring q=0', () => {
    expect(pickEncoding('gzip, br')).toBe('br');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
    expect(pickEncoding('*', ['gzip'])).toBe('gzip');
  });
});
