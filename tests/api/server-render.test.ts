import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeTestApp } from '../helpers/app.js';
import { serverRenderDir } from '../../server/src/http/server-render.js';

/**
 * The server's side of server rendering (server/src/http/server-render.ts, plugins/client.ts), with
 * a stand-in for the build's entry-server.js that writes down what it was given. The real module
 * is tested in tests/unit/home/server-render.test.tsx and, built, in tests/e2e/smoke.test.ts.
 */
const ENTRY = `
export async function prepare(paths) { globalThis.__prepared = paths; }
export function renderPage(template, url, answers, assets) {
  if (url.includes('boom')) throw new Error('render failed');
  globalThis.__renders = (globalThis.__renders ?? 0) + 1;
  const seen = JSON.stringify({ url, answers, styles: assets.styles, inlineCss: assets.inlineCss, template: template.includes('mobile page') ? 'mobile' : 'desktop', prepared: globalThis.__prepared, renders: globalThis.__renders });
  return template.replace('<div id="root"></div>', '<div id="root">rendered</div><script type="application/json" id="seen">' + seen.replace(/</g, '\\\\u003c') + '</script>');
}
`;
const PAGES = {
  '/': {
    urls: ['/api/index/categories', '/api/index/hot-keywords?limit=3', '/api/index/newest?limit=999'],
    modules: ['/assets/Home.js'],
    styles: ['/assets/Home.css'],
  },
  '/m/': {
    urls: ['/api/index/hot-keywords?limit=8'],
    modules: ['/assets/MobileHome.js'],
    styles: ['/assets/mobile.css', '/assets/tag.css'],
    template: 'mobile',
    inline: true,
  },
};

describe('server-rendered pages', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-client-'));
  const ssrDir = serverRenderDir(clientDir);
  const seen = (body: string) =>
    JSON.parse(/<script type="application\/json" id="seen">(.*?)<\/script>/.exec(body)![1]);

  beforeAll(async () => {
    fs.writeFileSync(
      path.join(clientDir, 'index.html'),
      '<!doctype html><html><head><meta charset="UTF-8" /></head><body><div id="root"></div></body></html>',
    );
    fs.mkdirSync(path.join(clientDir, 'm'));
    fs.writeFileSync(
      path.join(clientDir, 'm', 'index.html'),
      '<!doctype html><html><head><meta charset="UTF-8" /><title>mobile page</title></head><body><div id="root"></div></body></html>',
    );
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'assets', 'mobile.css'), '.m-page{padding:12px}');
    fs.writeFileSync(path.join(clientDir, 'assets', 'tag.css'), '.adm-tag{display:inline-block}');
    fs.mkdirSync(ssrDir);
    fs.writeFileSync(path.join(ssrDir, 'entry-server.js'), ENTRY);
    fs.writeFileSync(path.join(ssrDir, 'page-assets.json'), JSON.stringify(PAGES));
    t = await makeTestApp({ CLIENT_DIR: clientDir });
    // The module loads in the background; until then the plain page is served.
    for (let i = 0; i < 100 && !(await t.app.inject('/')).body.includes('rendered'); i++)
      await new Promise((r) => setTimeout(r, 100));
  });
  afterAll(async () => {
    await t.close();
    for (const dir of [clientDir, ssrDir]) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('renders a listed page from the answers of its own API routes, successful ones only', async () => {
    const r = await t.app.inject('/?from=ad');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.headers['cache-control']).toBe('no-cache');
    const got = seen(r.body);
    expect(got.url).toBe('/?from=ad');
    expect(got.prepared).toEqual(['/', '/m/']);
    expect(got.styles).toEqual(['/assets/Home.css']);
    // The same answers a browser gets from those routes.
    const categories = (await t.app.inject('/api/index/categories')).json();
    expect(got.answers['/api/index/categories']).toEqual(categories);
    expect(got.answers['/api/index/hot-keywords?limit=3']).toMatchObject({ code: 200 });
    // An answer the route refuses (limit out of range: 400) is left to the client to ask for.
    expect((await t.app.inject('/api/index/newest?limit=999')).statusCode).toBe(400);
    expect(Object.keys(got.answers)).not.toContain('/api/index/newest?limit=999');
  });

  it('reuses a rendered page for SERVER_RENDER_CACHE_MS (1 s), per URL, and renders it again after', async () => {
    const first = seen((await t.app.inject('/?c=1')).body).renders;
    const [a, b] = await Promise.all([t.app.inject('/?c=1'), t.app.inject('/?c=1')]);
    expect([seen(a.body).renders, seen(b.body).renders]).toEqual([first, first]);
    expect(seen((await t.app.inject('/?c=2')).body).renders).toBe(first + 1);
    await new Promise((r) => setTimeout(r, 1100));
    expect(seen((await t.app.inject('/?c=1')).body).renders).toBe(first + 2);
  });

  it('renders the mobile home into the mobile site page, with its styles read from the build to be written in', async () => {
    const got = seen((await t.app.inject('/m/')).body);
    expect(got.template).toBe('mobile');
    expect(got.inlineCss).toBe('.m-page{padding:12px}\n.adm-tag{display:inline-block}');
    expect(got.answers['/api/index/hot-keywords?limit=8']).toMatchObject({ code: 200 });
    // Other mobile pages: the mobile site's page as built, not the desktop's.
    const other = await t.app.inject('/m/search');
    expect(other.body).toContain('mobile page');
    expect(other.body).toContain('<div id="root"></div>');
  });

  it('serves other pages as built', async () => {
    const r = await t.app.inject('/account/welcome');
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('<div id="root"></div>');
  });

  it('a render that fails serves the client-rendered page, not an error', async () => {
    const r = await t.app.inject('/?boom=1');
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('<div id="root"></div>');
    expect(r.body).not.toContain('rendered');
  });
});
