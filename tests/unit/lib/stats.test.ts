import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  browserOf,
  buildPayload,
  osOf,
  resetIpCache,
  sendPageView,
  visitorId,
  VISITOR_COOKIE_SECONDS,
} from '../../../src/lib/stats';

function clearCookies() {
  for (const c of document.cookie.split('; ')) if (c) document.cookie = `${c.split('=')[0]}=; path=/; max-age=0`;
}

describe('page-view statistics', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    clearCookies();
    resetIpCache();
    fetchMock = vi.fn(async (url: string) => {
      if (url.endsWith('/ip/get'))
        return new Response(JSON.stringify({ code: 200, success: true, data: { ip: '10.0.0.8', city: '本地' } }));
      return new Response(JSON.stringify({ code: 200, success: true, data: { id: 1 } }));
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('keeps one visitor id in the pvi cookie for 15768000 seconds', () => {
    const set = vi.spyOn(document, 'cookie', 'set');
    const id = visitorId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(set.mock.calls[0][0]).toContain(`max-age=${VISITOR_COOKIE_SECONDS}`);
    set.mockRestore();
    expect(visitorId()).toBe(id);
    expect(VISITOR_COOKIE_SECONDS).toBe(15768000);
  });

  it('builds every field of the payload', () => {
    const p = buildPayload({ ip: '1.2.3.4', city: '未知' }, 'http://site/prev');
    expect(Object.keys(p).sort()).toEqual(
      ['addr', 'bs', 'device', 'ip', 'jv', 'lg', 'os', 'ps', 'pvi', 'rurl', 'scl', 'sh', 'src', 'tz', 'url'].sort(),
    );
    expect(p).toMatchObject({
      url: window.location.href,
      rurl: 'http://site/prev',
      ip: '1.2.3.4',
      addr: '未知',
      device: 'pc',
      sh: window.location.host,
    });
    expect(p.src).toMatch(/^\d+x\d+$/);
    expect(p.scl).toMatch(/-bit$/);
  });

  it('recognises operating systems and browsers', () => {
    expect(osOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('Windows');
    expect(osOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('iOS');
    expect(osOf('Mozilla/5.0 (Linux; Android 14)')).toBe('Android');
    expect(osOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)')).toBe('macOS');
    expect(browserOf('... Chrome/124.0 Safari/537.36 Edg/124.0')).toBe('Edge');
    expect(browserOf('... Version/17.0 Safari/605.1.15')).toBe('Safari');
    expect(browserOf('... Chrome/124.0 Safari/537.36')).toBe('Chrome');
    expect(browserOf('... MicroMessenger/8.0')).toBe('WeChat');
  });

  it('posts JSON with Authorization from the token1 cookie and ip/addr from ip/get (fetched once)', async () => {
    document.cookie = 'token1=tok-123; path=/';
    await sendPageView('');
    await sendPageView('http://localhost/a');
    const ipCalls = fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/ip/get'));
    const statCalls = fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/operation/stat'));
    expect(ipCalls).toHaveLength(1);
    expect(statCalls).toHaveLength(2);
    const [url, init] = statCalls[1];
    expect(url).toBe('/api/operation/stat');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', Authorization: 'tok-123' });
    expect(JSON.parse(init.body)).toMatchObject({ ip: '10.0.0.8', addr: '本地', rurl: 'http://localhost/a' });
  });

  it('sends no Authorization header for visitors', async () => {
    await sendPageView('');
    const init = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/operation/stat'))![1];
    expect(init.headers.Authorization).toBeUndefined();
  });

  it('only logs failures of ip/get and of the stat call', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(sendPageView('')).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('[stats] ip/get failed', expect.any(TypeError));
    expect(warn).toHaveBeenCalledWith('[stats] operation/stat failed', expect.any(TypeError));
    fetchMock.mockImplementation(async () => new Response('{}', { status: 429 }));
    await sendPageView('');
    expect(warn).toHaveBeenCalledWith('[stats] operation/stat answered', 429);
  });
});
