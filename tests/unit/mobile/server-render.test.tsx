import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { waitFor } from '@testing-library/react';
import { prepare, renderPage } from '../../../src/entry-server';
import { MobileApp } from '../../../src/mobile/MobileApp';
import { MOBILE_HOME_EARLY_REQUESTS, EAGER_TILES } from '../../../src/mobile/early-requests';
import { earlyUrl } from '../../../src/dataProvider/early';
import { clearPrefetched, readPrefetchedFromDocument, setPrefetched } from '../../../src/dataProvider/prefetched';
import { envelope, mockHttp } from '../dataProvider/mock-adapter';

const card = (id: number, title: string) => ({
  id,
  type: 11,
  title,
  tags: [],
  categoryId: null,
  coverUrl: `/files/covers/${id}.jpg`,
  previewUrl: null,
  durationSec: null,
  width: 1920,
  height: 1080,
  format: 'jpg',
  priceCents: 990,
  views: 1,
  downloads: 2,
  collects: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
});

const urls = MOBILE_HOME_EARLY_REQUESTS.map((r) => earlyUrl(r.path, r.params));
/** The mobile home's two answers: hot words and the newest six. */
const answers: Record<string, unknown> = Object.fromEntries(
  urls.map((u) => [
    u,
    u.includes('hot-keywords')
      ? envelope(['樱花', '航拍'])
      : envelope(
          [1, 2, 3, 4, 5, 6].map((i) => card(i, i === 6 ? '最新</style></script><b>x</b>' : `手机首页素材${i}`)),
        ),
  ]),
);
/** m/index.html as the build writes it: a stylesheet link and the entry's module script in the head. */
const TEMPLATE =
  '<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><title>流明素材</title>' +
  '<script type="module" crossorigin src="/assets/mobile-1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/user-store-1.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/mobile-1.css"></head><body><div id="root"></div></body></html>';
const ASSETS = {
  urls,
  modules: ['/assets/HomePage-1.js'],
  styles: ['/assets/mobile-1.css'],
  template: 'mobile' as const,
  inline: true,
  inlineCss: '.m-page{padding:12px}',
};

let root: Root | undefined;
beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await prepare(['/m/']);
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  clearPrefetched();
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('server render of the mobile home', () => {
  it('renders the home from the answers, its styles written in and its code after the page', () => {
    const html = renderPage(TEMPLATE, '/m/', answers, ASSETS);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const rootEl = doc.getElementById('root')!;
    expect(rootEl.querySelector('[data-testid="m-home"]')).not.toBeNull();
    expect(doc.title).toBe('首页 - 流明素材');
    expect(rootEl.textContent).toContain('樱花');
    expect(rootEl.textContent).toContain('手机首页素材5');
    // The first screen's covers are real images the browser fetches at once; the rest wait.
    const imgs = [...rootEl.querySelectorAll('img')];
    expect(imgs.map((i) => i.getAttribute('src'))).toEqual([1, 2, 3, 4, 5, 6].map((i) => `/files/covers/${i}.jpg`));
    expect(imgs.map((i) => i.getAttribute('loading'))).toEqual(
      imgs.map((_, i) => (i < EAGER_TILES ? 'eager' : 'lazy')),
    );
    // Styles in the head, no stylesheet to wait for; the theme's colours after antd-mobile's.
    expect(doc.head.querySelector('link[rel="stylesheet"]')).toBeNull();
    const styles = [...doc.head.querySelectorAll('style')].map((s) => s.textContent);
    expect(styles[0]).toBe('.m-page{padding:12px}');
    expect(styles[1]).toContain('--adm-color-primary:#0958d9');
    // The entry script and every preload come after the page, the entry first.
    expect(doc.head.querySelector('script[type="module"], link[rel="modulepreload"]')).toBeNull();
    const code = [...doc.body.querySelectorAll('script[type="module"], link[rel="modulepreload"]')].map(
      (e) => e.getAttribute('src') ?? e.getAttribute('href'),
    );
    expect(code).toEqual(['/assets/mobile-1.js', '/assets/user-store-1.js', '/assets/HomePage-1.js']);
    // Asked for after the covers, which share the phone's bandwidth with them.
    expect(
      [...doc.body.querySelectorAll('script[type="module"], link[rel="modulepreload"]')].map((e) =>
        e.getAttribute('fetchpriority'),
      ),
    ).toEqual(['low', 'low', 'low']);
    expect(html.indexOf('/assets/mobile-1.js')).toBeGreaterThan(html.indexOf('手机首页素材5'));
    expect(html).not.toContain('</script><b>x</b>');
    expect(readPrefetchedFromDocument(doc)).toEqual(answers);
  });

  it('the phone hydrates it without a mismatch or a request; the next page asks the server', async () => {
    const html = renderPage(TEMPLATE, '/m/', answers, ASSETS);
    const served = new DOMParser().parseFromString(html, 'text/html');
    // The code is this test's: the browser's copy would load the built files.
    served.querySelectorAll('script[type="module"], link[rel="modulepreload"]').forEach((e) => e.remove());
    document.body.innerHTML = served.body.innerHTML;
    window.history.replaceState(null, '', '/m/');
    const calls = mockHttp((cfg) => ({
      data: envelope(cfg.url?.includes('/search') ? { list: [card(9, '搜索结果')], total: 1 } : []),
    }));
    const errors = vi.spyOn(console, 'error');
    const recoverable: unknown[] = [];
    setPrefetched(readPrefetchedFromDocument(document));
    const serverTile = document.querySelector('[data-testid="m-material"]');
    await act(async () => {
      root = hydrateRoot(document.getElementById('root')!, <MobileApp />, {
        onRecoverableError: (e) => recoverable.push(e),
      });
    });
    await waitFor(() => expect(document.querySelectorAll('[data-testid="m-material"]')).toHaveLength(6));
    expect(document.querySelector('[data-testid="m-material"]')).toBe(serverTile);
    expect(recoverable).toEqual([]);
    const mismatches = errors.mock.calls
      .map((c) => String(c[0]))
      .filter((m) => /hydrat|did not match|server HTML|server rendered HTML/i.test(m));
    expect(mismatches).toEqual([]);
    expect(calls.filter((c) => c.url!.startsWith('/api/index/'))).toEqual([]);
    // A hot word's link leads to the search page, whose answers are not the home's.
    await act(async () => (document.querySelector('a[aria-label="热搜 樱花"]') as HTMLAnchorElement).click());
    await waitFor(() => expect(document.body.textContent).toContain('搜索结果'));
    expect(calls.some((c) => c.url!.startsWith('/api/index/search'))).toBe(true);
    errors.mockRestore();
  });
});
