/**
 * Web access for the monitoring crawler, behind one interface so tests and the demo never reach
 * the internet. `sandboxFetcher` serves the sandbox web (hosts ending in .sandbox.test, made by
 * services/monitor/sandbox-web.ts and browsable at /dev/web/<host>/...) from the object store;
 * `liveFetcher` uses the network (production) and refuses sandbox hosts.
 *
 * Platform APIs (Weibo, Douyin, Xiaohongshu image search...) are a second adapter kind with the
 * PlatformSource interface below; none is wired up yet (no credentials), the crawler covers sites.
 */
import type { ObjectStore } from '../../storage/index.js';
import { egressFetch, egressPolicy, type EgressPolicy, type LocalSite } from '../../egress/index.js';

export interface FetchedResource {
  status: number;
  contentType: string;
  body: Buffer;
}

export interface WebFetcher {
  /** GET one URL; resolves with 404-like statuses instead of throwing. Bodies over maxBytes are cut. */
  get(url: string, opts?: { maxBytes?: number; signal?: AbortSignal }): Promise<FetchedResource>;
}

/** A platform's search API: media similar to a work, as page + media URLs. */
export interface PlatformSource {
  readonly name: string;
  search(
    work: { id: number; title: string; thumbnail: Buffer },
    opts: { limit: number; signal?: AbortSignal },
  ): Promise<Array<{ pageUrl: string; mediaUrl: string; kind: 'image' | 'video' }>>;
}

export const SANDBOX_SUFFIX = '.sandbox.test';
export const SANDBOX_PREFIX = 'sandbox-web/';
export const USER_AGENT = 'LumenMonitor/1.0 (+https://lumen.example/monitor)';

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  mp4: 'video/mp4',
  xml: 'application/xml',
};

/** Storage key of a sandbox URL's file (directories serve index.html). */
export function sandboxKey(host: string, pathname: string): string {
  const clean = pathname
    .split('/')
    .filter((s) => s && s !== '..' && s !== '.')
    .join('/');
  const file = !clean || pathname.endsWith('/') ? `${clean ? `${clean}/` : ''}index.html` : clean;
  return `${SANDBOX_PREFIX}${host}/${file}`;
}

export async function readSandbox(storage: ObjectStore, host: string, pathname: string): Promise<FetchedResource> {
  const key = sandboxKey(host, pathname);
  try {
    const body = await storage.get(key);
    return { status: 200, contentType: TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream', body };
  } catch {
    return { status: 404, contentType: 'text/plain; charset=utf-8', body: Buffer.from('not found') };
  }
}

export function sandboxFetcher(storage: ObjectStore): WebFetcher {
  return {
    async get(url) {
      const u = new URL(url);
      if (!u.hostname.endsWith(SANDBOX_SUFFIX))
        return { status: 403, contentType: 'text/plain', body: Buffer.from('sandbox fetcher: not a sandbox host') };
      return readSandbox(storage, u.hostname, u.pathname);
    },
  };
}

/** The sandbox web as a site the capture proxy serves itself (development: reachable by name, never over the network). */
export function sandboxSite(storage: ObjectStore): LocalSite {
  return {
    handles: (u) => u.hostname.endsWith(SANDBOX_SUFFIX),
    serve: (u) => readSandbox(storage, u.hostname, u.pathname),
  };
}

/**
 * The network, under the egress policy: each hop (redirects followed by hand) resolved, checked and
 * connected to by address. A refused or unreachable address reads as a 404-like empty answer.
 */
export function liveFetcher(policy: () => EgressPolicy = egressPolicy): WebFetcher {
  return {
    async get(url, opts = {}) {
      if (new URL(url).hostname.endsWith(SANDBOX_SUFFIX))
        return { status: 404, contentType: 'text/plain', body: Buffer.alloc(0) };
      try {
        const res = await egressFetch(policy(), url, {
          headers: { 'user-agent': USER_AGENT },
          maxBytes: opts.maxBytes ?? 50 * 1024 * 1024,
          signal: opts.signal ?? AbortSignal.timeout(15_000),
        });
        return { status: res.status, contentType: String(res.headers['content-type'] ?? ''), body: res.body };
      } catch {
        return { status: 502, contentType: 'text/plain', body: Buffer.alloc(0) };
      }
    },
  };
}

/** Sandbox hosts go to the sandbox, the rest to the network (which is used only outside tests). */
export function webFetcher(storage: ObjectStore, allowLive: boolean): WebFetcher {
  const sandbox = sandboxFetcher(storage),
    live = liveFetcher();
  return {
    get: (url, opts) =>
      new URL(url).hostname.endsWith(SANDBOX_SUFFIX) || !allowLive ? sandbox.get(url, opts) : live.get(url, opts),
  };
}
