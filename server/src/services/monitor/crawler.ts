import type { WebFetcher } from '../../adapters/web/index.js';
import { parseRobots, robotsAllows, type RobotsRules } from './robots.js';

/**
 * A polite, bounded site crawler for monitoring: starts at a source URL, follows links on the same
 * host up to maxDepth, honours robots.txt (rules and Crawl-delay), waits delayMs between requests
 * to a host, stops after maxPages per host, and reports every image and video it sees on a page.
 * Links and media are read from href/src/srcset/poster attributes: enough for ordinary HTML;
 * script-built pages need the platform adapters instead.
 */
export interface CrawlOptions {
  maxDepth: number;
  maxPages: number;
  delayMs: number;
  signal?: AbortSignal;
  onPage?: (pages: number) => void | Promise<void>;
}

export interface FoundMedia {
  pageUrl: string;
  mediaUrl: string;
  kind: 'image' | 'video';
}

export interface CrawlResult {
  pages: string[];
  skippedByRobots: string[];
  media: FoundMedia[];
}

const IMAGE_EXT = /\.(jpe?g|png|webp|gif|bmp|avif)$/i;
const VIDEO_EXT = /\.(mp4|webm|mov|m4v|ogv)$/i;
const ATTR = /\b(href|src|poster|srcset)\s*=\s*("([^"]*)"|'([^']*)')/gi;

export function extractLinks(
  html: string,
  base: string,
): { links: string[]; media: Array<{ url: string; kind: 'image' | 'video' }> } {
  const links: string[] = [],
    media: Array<{ url: string; kind: 'image' | 'video' }> = [];
  for (const m of html.matchAll(ATTR)) {
    const attr = m[1].toLowerCase();
    const values = attr === 'srcset' ? (m[3] ?? m[4]).split(',').map((s) => s.trim().split(/\s+/)[0]) : [m[3] ?? m[4]];
    for (const v of values) {
      let u: URL;
      try {
        u = new URL(v.replace(/&amp;/g, '&'), base);
      } catch {
        continue;
      }
      if (u.protocol !== 'http:' && u.protocol !== 'https:') continue;
      u.hash = '';
      if (IMAGE_EXT.test(u.pathname)) media.push({ url: u.href, kind: 'image' });
      else if (VIDEO_EXT.test(u.pathname)) media.push({ url: u.href, kind: 'video' });
      else if (attr === 'href') links.push(u.href);
    }
  }
  return { links, media };
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (ms <= 0) return resolve();
    const onAbort = () => {
      clearTimeout(t);
      reject(signal!.reason);
    };
    // The listener is removed after each wait, so a long crawl does not pile them up on the job's signal.
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export async function crawlSite(fetcher: WebFetcher, startUrl: string, opts: CrawlOptions): Promise<CrawlResult> {
  const start = new URL(startUrl);
  const robotsRes = await fetcher.get(new URL('/robots.txt', start).href, {
    maxBytes: 512 * 1024,
    signal: opts.signal,
  });
  const robots: RobotsRules =
    robotsRes.status === 200
      ? parseRobots(robotsRes.body.toString('utf8'))
      : { allow: [], disallow: [], crawlDelaySec: null };
  const delay = Math.max(opts.delayMs, (robots.crawlDelaySec ?? 0) * 1000);
  const seen = new Set<string>([start.href]);
  const queue: Array<{ url: string; depth: number }> = [{ url: start.href, depth: 0 }];
  const result: CrawlResult = { pages: [], skippedByRobots: [], media: [] };
  const mediaSeen = new Set<string>();
  let first = true;
  while (queue.length && result.pages.length < opts.maxPages) {
    opts.signal?.throwIfAborted();
    const { url, depth } = queue.shift()!;
    const u = new URL(url);
    if (!robotsAllows(robots, u.pathname)) {
      result.skippedByRobots.push(url);
      continue;
    }
    if (!first) await sleep(delay, opts.signal);
    first = false;
    const res = await fetcher.get(url, { maxBytes: 5 * 1024 * 1024, signal: opts.signal });
    if (res.status !== 200 || !res.contentType.includes('html')) continue;
    result.pages.push(url);
    await opts.onPage?.(result.pages.length);
    const { links, media } = extractLinks(res.body.toString('utf8'), url);
    for (const m of media) {
      const mu = new URL(m.url);
      if (mediaSeen.has(m.url) || (mu.host === start.host && !robotsAllows(robots, mu.pathname))) continue;
      mediaSeen.add(m.url);
      result.media.push({ pageUrl: url, mediaUrl: m.url, kind: m.kind });
    }
    if (depth >= opts.maxDepth) continue;
    for (const l of links) {
      if (new URL(l).host !== start.host || seen.has(l)) continue;
      seen.add(l);
      queue.push({ url: l, depth: depth + 1 });
    }
  }
  return result;
}
