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
import { SSR_META } from './dataProvider/early';
import type { PageAssets } from './schemas/page-assets';
import {
  PREFETCHED_ELEMENT_ID,
  prefetchedScriptBody,
  setPrefetched,
  type PrefetchedAnswers,
} from './dataProvider/prefetched';

const tree = (url: string) => (
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
 * index.html with the page rendered into #root and the answers beside it. The head gets the
 * page's styles as stylesheets (the rendered cards need them at first paint) and its chunks as
 * module preloads; the meta tag tells index.html's early script that all of this is done.
 */
export function renderPage(
  template: string,
  url: string,
  answers: PrefetchedAnswers,
  assets: PageAssets = { urls: [], modules: [], styles: [] },
): string {
  const head =
    `<meta name="${SSR_META}" content="1">` +
    assets.styles.map((h) => `<link rel="stylesheet" href="${attr(h)}">`).join('') +
    assets.modules.map((h) => `<link rel="modulepreload" crossorigin href="${attr(h)}">`).join('');
  const body = `<div id="root">${render(url, answers)}</div><script type="application/json" id="${PREFETCHED_ELEMENT_ID}">${prefetchedScriptBody(answers)}</script>`;
  // After the charset declaration, which must stay within the first 1,024 bytes; before the early script.
  const at = /<meta charset="UTF-8"\s*\/?>/i.exec(template);
  const withHead = at
    ? template.slice(0, at.index + at[0].length) + head + template.slice(at.index + at[0].length)
    : template.replace('<head>', `<head>${head}`);
  return withHead.replace('<div id="root"></div>', body);
}
