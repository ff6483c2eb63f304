import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import HomePage from '../../../src/pages/home/HomePage';
import { HOME_EARLY_REQUESTS } from '../../../src/pages/home/early-requests';
import { earlyScript, earlyUrl } from '../../../src/dataProvider/early';
import { get } from '../../../src/dataProvider/axios';
import { envelope } from '../dataProvider/mock-adapter';
import { fakeApi } from '../../helpers/fake-api';

// The fake clears server-rendered answers another file may have left (they would answer the page's
// first requests before any request is made).
const api = fakeApi();
const homeUrls = HOME_EARLY_REQUESTS.map((r) => earlyUrl(r.path, r.params));

/** What each home API answers in these tests (enough for every section to render). */
function answer(url: string): unknown {
  if (url.startsWith('/api/index/hot-keywords')) return ['风景'];
  if (url.startsWith('/api/index/categories')) return [];
  if (url.startsWith('/api/index/recommend')) return { sections: [] };
  return [];
}

afterEach(() => {
  delete window.__lumenEarly;
});

describe('home early requests', () => {
  it('are exactly the API calls the home page makes on its first render', async () => {
    api.get.mockImplementation(async (url: string) => answer(url));
    render(
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>,
    );
    await screen.findByText('风景');
    await waitFor(() => expect(api.requests.length).toBe(homeUrls.length));
    expect(api.requests.map((r) => earlyUrl(r.url, r.params)).sort()).toEqual([...homeUrls].sort());
  });

  it('the page takes the answers index.html started and asks the server for none of them', async () => {
    api.get.mockImplementation(async (url: string) => answer(url));
    window.__lumenEarly = Object.fromEntries(
      homeUrls.map((u) => [u, Promise.resolve(envelope(u.includes('hot-keywords') ? ['早到的词'] : answer(u)))]),
    );
    render(
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('早到的词')).toBeTruthy();
    expect(api.requests).toEqual([]);
    // Each answer is handed out once: a second call goes to the server.
    await get('/api/index/categories');
    expect(api.requests.map((r) => r.url)).toEqual(['/api/index/categories']);
  });

  it('a failed early answer falls back to an ordinary request', async () => {
    api.get.mockResolvedValue(['服务器的词']);
    const failed = Promise.reject(new Error('503'));
    failed.catch(() => undefined);
    window.__lumenEarly = { '/api/index/hot-keywords?limit=8': failed };
    await expect(get('/api/index/hot-keywords', { limit: 8 })).resolves.toEqual(['服务器的词']);
    expect(api.requests).toHaveLength(1);
  });

  it('the inline script starts the listed fetches only on its own path', () => {
    const started: string[] = [];
    const fakeWindow = { fetch: (u: string) => (started.push(u), new Promise(() => undefined)) } as unknown as Window;
    const run = (pathname: string) =>
      new Function(
        'window',
        'location',
        'document',
        'fetch',
        earlyScript({ '/': { urls: homeUrls, modules: ['/assets/HomePage.js'], styles: [] } }),
      )(fakeWindow, { pathname }, document, fakeWindow.fetch);
    run('/search');
    expect(started).toEqual([]);
    run('/');
    expect(started).toEqual(homeUrls);
    expect(Object.keys((fakeWindow as Window).__lumenEarly!)).toEqual(homeUrls);
    expect(document.head.querySelector('link[rel="modulepreload"][href="/assets/HomePage.js"]')).not.toBeNull();
  });
});
