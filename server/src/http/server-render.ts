import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
// The shape the client build writes to page-assets.json (vite.config.ts, EARLY_PAGES); type only.
import type { PageAssets } from '../../../src/schemas/page-assets.js';

/** The client build's server-render module (src/entry-server.tsx): all the server knows of it. */
interface EntryServer {
  prepare(paths: string[]): Promise<void>;
  renderPage(template: string, url: string, answers: Record<string, unknown>, assets: PageAssets): string;
}

/** Renders the pages the build lists in page-assets.json; everything else stays index.html. */
export interface ServerRender {
  /** The GET URLs the page at this path is rendered from; undefined: not rendered on the server. */
  requestsFor(pathname: string): string[] | undefined;
  /** index.html with the page rendered from these answers (envelope bodies by URL). */
  page(template: string, url: string, answers: Record<string, unknown>): string;
}

/** The folder the build writes it to: beside the client's (vite.config.ts, lumen-ssr). */
export const serverRenderDir = (clientDir: string) => `${clientDir.replace(/[\\/]+$/, '')}-ssr`;

/** Loads and prepares the build's server render; undefined when the build made none. */
export async function loadServerRender(clientDir: string): Promise<ServerRender | undefined> {
  const dir = serverRenderDir(clientDir);
  const file = path.join(dir, 'entry-server.js');
  const assetsFile = path.join(dir, 'page-assets.json');
  if (!fs.existsSync(file) || !fs.existsSync(assetsFile)) return undefined;
  const pages = JSON.parse(fs.readFileSync(assetsFile, 'utf8')) as Record<string, PageAssets>;
  // Styles written into the page (the mobile home): read once from the build.
  for (const assets of Object.values(pages)) {
    if (assets.inline)
      assets.inlineCss = assets.styles
        .map((href) => fs.readFileSync(path.join(clientDir, href.replace(/^\//, '')), 'utf8'))
        .join('\n');
  }
  const entry = (await import(pathToFileURL(file).href)) as EntryServer;
  await entry.prepare(Object.keys(pages));
  return {
    requestsFor: (pathname) => pages[pathname]?.urls,
    page: (template, url, answers) =>
      entry.renderPage(template, url, answers, pages[new URL(url, 'http://x').pathname]),
  };
}

/**
 * The answers a page is rendered from, asked of this server's own routes in-process (the same
 * handlers, validation and envelopes a browser gets, and no cookie: the anonymous answers).
 * Only successful envelopes are kept; a section without its answer renders its loading state
 * and the client asks again.
 */
export async function fetchAnswers(app: FastifyInstance, urls: string[]): Promise<Record<string, unknown>> {
  const answers: Record<string, unknown> = {};
  await Promise.all(
    urls.map(async (url) => {
      const res = await app.inject({ method: 'GET', url });
      if (res.statusCode !== 200) return;
      const body = res.json() as { code?: unknown };
      if (Number(body?.code) === 200) answers[url] = body;
    }),
  );
  return answers;
}

/**
 * Keeps each rendered page for `ttlMs` (SERVER_RENDER_CACHE_MS, default 1,000): the render is the
 * anonymous visitor's, the same for everyone, and costs about 40 ms of the server's one thread
 * (`npm run bench:lcp`), so under load a URL is rendered at most once per period. Concurrent
 * misses share one render; a failed render is not kept. 0 renders every request.
 */
export function pageCache(
  render: (url: string) => Promise<string>,
  ttlMs: number,
  maxEntries = 200,
): (url: string) => Promise<string> {
  const pages = new Map<string, { at: number; page: Promise<string> }>();
  return (url) => {
    const now = Date.now();
    const hit = pages.get(url);
    if (hit && now - hit.at < ttlMs) return hit.page;
    // Query strings make URLs unbounded: a full cache starts over rather than grow.
    if (pages.size >= maxEntries) pages.clear();
    const entry = { at: now, page: render(url) };
    if (ttlMs > 0) pages.set(url, entry);
    entry.page.catch(() => pages.get(url) === entry && pages.delete(url));
    return entry.page;
  };
}
