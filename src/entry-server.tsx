/**
 * Server rendering of the public pages whose first paint counts most (issue 13: the home page's
 * LCP waited for the entry script, React and antd on the main thread). Built by `vite build` into
 * `<outDir>-ssr/entry-server.js` (vite.ssr.config.ts) with the early pages' assets beside it
 * (page-assets.json), and used by server/src/http/server-render.ts: it asks the API for the
 * page's answers, renders the page with them and sends both; main.tsx hydrates the page from the
 * same answers. The render is the anonymous visitor's: the header's user corner, cart and bell
 * fill in on the client, as they did before.
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import { AppShell } from './App';
import { MobileSite } from './mobile/MobileApp';
import { mobileThemeCss } from './mobile/theme-vars';
import { mobilePageTitle, mobileRouteOf } from './mobile/routes';
import { SSR_META } from './dataProvider/early';
import type { PageAssets } from './schemas/page-assets';
import {
  PREFETCHED_ELEMENT_ID,
  prefetchedScriptBody,
  setPrefetched,
  type PrefetchedAnswers,
} from './dataProvider/prefetched';

/** /m and below: the mobile site (m/index.html, basename /m). */
const isMobileUrl = (url: string) => /^\/m(\/|\?|$)/.test(url);

const tree = (url: string) =>
  isMobileUrl(url) ? (
    <StaticRouter basename="/m" location={url}>
      <MobileSite />
    </StaticRouter>
  ) : (
    <StaticRouter location={url}>
      <AppShell />
    </StaticRouter>
  );

/**
 * Loads the code (the lazy chunks) of these pages once, so that render() below is synchronous:
 * two renders can then never interleave and read each other's answers. A render that meets a
 * chunk not yet loaded leaves its boundary to the client (`<!--$!-->`): render until none does.
 */
export async function prepare(paths: string[]): Promise<void> {
  for (const path of paths) {
    for (let i = 0; i < 50 && renderToString(tree(path)).includes('<!--$!-->'); i++)
      await new Promise((r) => setTimeout(r, 20));
  }
}

/** The page's HTML (the inside of #root), rendered from these answers. */
function render(url: string, answers: PrefetchedAnswers): string {
  setPrefetched(answers);
  try {
    return renderToString(tree(url));
  } finally {
    setPrefetched(undefined);
  }
}

const attr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The page's styles: as stylesheets (the rendered cards need them at first paint), or, when the
 * server read them for it (`inlineCss`, the mobile home), written into the head: on a phone's
 * network each stylesheet costs the first paint a round trip (562 ms on Fast 3G). The template's
 * own stylesheet links go then, their rules being among those written.
 */
function styles(template: string, url: string, assets: PageAssets): { template: string; head: string } {
  // After antd-mobile's own :root variables, which it overrides.
  const theme = isMobileUrl(url) ? `<style>${mobileThemeCss()}</style>` : '';
  if (assets.inlineCss === undefined)
    return { template, head: assets.styles.map((h) => `<link rel="stylesheet" href="${attr(h)}">`).join('') + theme };
  return {
    template: template.replace(/<link rel="stylesheet"[^>]*>/g, ''),
    head: `<style>${assets.inlineCss.replace(/<\/style/gi, '<\\/style')}</style>${theme}`,
  };
}

/** A mobile page's own title (the client sets it on every navigation; the render must not wait for that). */
function withTitle(template: string, url: string): string {
  if (!isMobileUrl(url)) return template;
  const route = mobileRouteOf(new URL(url, 'http://x').pathname.replace(/^\/m(?=\/|$)/, '') || '/');
  return route ? template.replace(/<title>[^<]*<\/title>/, `<title>${mobilePageTitle(route)}</title>`) : template;
}

const CODE_TAGS = /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g;

/**
 * index.html (or m/index.html) with the page rendered into #root and the answers beside it. The
 * head gets the page's styles and its chunks as module preloads; the meta tag tells index.html's
 * early script that all of this is done. A page whose styles are written in (the mobile home)
 * also gets its code at the end of the body: it is painted without it, and on a phone's
 * connection (six at a time over HTTP/1.1, each request a round trip) the covers the browser
 * finds first in the document are fetched before the twenty-odd scripts.
 */
export function renderPage(
  pageTemplate: string,
  url: string,
  answers: PrefetchedAnswers,
  assets: PageAssets = { urls: [], modules: [], styles: [] },
): string {
  const styled = styles(withTitle(pageTemplate, url), url, assets);
  const codeLast = assets.inlineCss !== undefined;
  const template = codeLast ? styled.template.replace(CODE_TAGS, '') : styled.template;
  const preloads = assets.modules.map((h) => `<link rel="modulepreload" crossorigin href="${attr(h)}">`).join('');
  const head = `<meta name="${SSR_META}" content="1">` + styled.head + (codeLast ? '' : preloads);
  const code = codeLast
    ? ((styled.template.match(CODE_TAGS) ?? []).join('') + preloads).replace(
        / crossorigin/g,
        ' crossorigin fetchpriority="low"',
      )
    : '';
  const body = `<div id="root">${render(url, answers)}</div><script type="application/json" id="${PREFETCHED_ELEMENT_ID}">${prefetchedScriptBody(answers)}</script>${code}`;
  // After the charset declaration, which must stay within the first 1,024 bytes; before the early script.
  const at = /<meta charset="UTF-8"\s*\/?>/i.exec(template);
  const withHead = at
    ? template.slice(0, at.index + at[0].length) + head + template.slice(at.index + at[0].length)
    : template.replace('<head>', `<head>${head}`);
  return withHead.replace('<div id="root"></div>', body);
}
