import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { waitFor } from '@testing-library/react';
import { prepare, renderPage } from '../../../src/entry-server';
import App from '../../../src/App';
import { HOME_EARLY_REQUESTS } from '../../../src/pages/home/early-requests';
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
const album = (id: number, title: string, items: ReturnType<typeof card>[]) => ({
  id,
  type: 11,
  title,
  coverUrl: null,
  itemCount: items.length,
  items,
});

/** The home page's five answers: two albums, the newest and the popular lists. */
const answers: Record<string, unknown> = Object.fromEntries(
  HOME_EARLY_REQUESTS.map((r) => {
    const url = earlyUrl(r.path, r.params);
    if (r.path.endsWith('hot-keywords')) return [url, envelope(['樱花'])];
    if (r.path.endsWith('categories'))
      return [
        url,
        envelope([
          { id: 3, type: 11, name: '风景', count: 9 },
          { id: 4, type: 11, name: '插画设计', count: 0 },
        ]),
      ];
    if (r.path.endsWith('recommend')) {
      return [
        url,
        envelope({
          sections: [
            album(
              1,
              '首屏专辑',
              [1, 2, 3, 4, 5].map((i) => card(i, `首屏素材${i}`)),
            ),
            album(2, '第二专辑', [card(6, '第二专辑素材')]),
          ],
        }),
      ];
    }
    // A title that would end the data block if it were not escaped.
    if (r.path.endsWith('newest')) return [url, envelope([card(7, '最新素材</script><b>x</b>')])];
    return [url, envelope([card(8, '热门素材')])];
  }),
);
const TEMPLATE =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>流明素材</title></head><body><div id="root"></div></body></html>';

let root: Root | undefined;
beforeAll(async () => {
  // antd's grid asks for media queries after mounting; jsdom has none.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
  })) as any;
  (globalThis as any).IS_REACT_ACT_ENVIRONMENT = true;
  await prepare(['/']);
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  clearPrefetched();
  document.body.innerHTML = '';
});

describe('server render of the home page', () => {
  it('renders the first screen from the answers and sends the answers beside it', () => {
    const html = renderPage(TEMPLATE, '/', answers);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const rootEl = doc.getElementById('root')!;
    expect(rootEl.querySelector('h1')?.textContent).toBe('流明素材 · 正版视频图片模板');
    expect(rootEl.textContent).toContain('樱花');
    expect(rootEl.textContent).toContain('风景（9）');
    // An empty category would lead to an empty page.
    expect(rootEl.textContent).not.toContain('插画设计');
    expect(rootEl.textContent).toContain('首屏素材5');
    // The first album's first row loads at once; the rest of its covers stay lazy.
    const imgs = [...rootEl.querySelectorAll('img')];
    expect(imgs.map((i) => i.getAttribute('loading'))).toEqual(['eager', 'eager', 'eager', 'eager', 'lazy']);
    // Below the fold: left to the client, which has the answers for it.
    expect(rootEl.textContent).not.toContain('第二专辑素材');
    expect(rootEl.textContent).not.toContain('热门素材');
    expect(html).not.toContain('</script><b>x</b>');
    expect(readPrefetchedFromDocument(doc)).toEqual(answers);
    // The meta tag that stops index.html's early requests comes after the charset declaration.
    expect(html.indexOf('<meta name="lumen-ssr"')).toBeGreaterThan(html.indexOf('<meta charset'));
  });

  it('a signed-in visitor hydrates the anonymous render without a mismatch, then sees their corner', async () => {
    const html = renderPage(TEMPLATE, '/', answers);
    document.body.innerHTML = new DOMParser().parseFromString(html, 'text/html').body.innerHTML;
    localStorage.setItem('token', 't-1');
    // A reload with a stored token: the user's info is on its way when hydration starts.
    let answerUser: () => void = () => undefined;
    const user = {
      id: 1,
      nickname: '小明',
      avatar: '',
      roles: [],
      phone: null,
      username: null,
      ownerType: 'PERSONAL',
      enhancedAuth: false,
      companyName: null,
      parentId: null,
      balanceCents: 0,
    };
    mockHttp((cfg) =>
      cfg.url === '/api/common/getUserInfo'
        ? new Promise((r) => (answerUser = () => r({ data: envelope(user) })))
        : { data: envelope([]) },
    );
    const { userStore } = await import('../../../src/components/user/user-store');
    const loaded = userStore.refresh();
    expect(userStore.get().loading).toBe(true);
    const recoverable: unknown[] = [];
    setPrefetched(readPrefetchedFromDocument(document));
    const serverCard = document.querySelector('[data-testid="material-card"]');
    try {
      await act(async () => {
        root = hydrateRoot(document.getElementById('root')!, <App />, {
          onRecoverableError: (e) => recoverable.push(e),
        });
      });
      expect(recoverable).toEqual([]);
      expect(document.querySelector('[data-testid="material-card"]')).toBe(serverCard);
      await act(async () => {
        answerUser();
        await loaded;
      });
      await waitFor(() => expect(document.querySelector('[data-testid="header-user"]')?.textContent).toContain('小明'));
    } finally {
      localStorage.removeItem('token');
      act(() => userStore.setUser(null));
    }
  });

  it('the browser hydrates it without a mismatch or a request, then shows the rest from the same answers', async () => {
    const html = renderPage(TEMPLATE, '/', answers);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    document.body.innerHTML = doc.body.innerHTML;
    const calls = mockHttp(() => ({ data: envelope([]) }));
    const errors = vi.spyOn(console, 'error');
    const recoverable: unknown[] = [];
    setPrefetched(readPrefetchedFromDocument(document));
    const serverCard = document.querySelector('[data-testid="material-card"]');
    await act(async () => {
      root = hydrateRoot(document.getElementById('root')!, <App />, { onRecoverableError: (e) => recoverable.push(e) });
    });
    await waitFor(() => expect(document.body.textContent).toContain('热门素材'));
    expect(document.body.textContent).toContain('最新素材</script><b>x</b>');
    // Hydrated, not re-rendered: the server's elements are still the page's.
    expect(document.querySelector('[data-testid="material-card"]')).toBe(serverCard);
    expect(recoverable).toEqual([]);
    // React (development build) names every mismatch it finds while hydrating.
    const mismatches = errors.mock.calls
      .map((c) => String(c[0]))
      .filter((m) => /hydrat|did not match|server HTML|server rendered HTML/i.test(m));
    expect(mismatches).toEqual([]);
    expect(calls.filter((c) => c.url!.startsWith('/api/index/'))).toEqual([]);
    errors.mockRestore();
  });
});
