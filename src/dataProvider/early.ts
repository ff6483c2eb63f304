/**
 * Early requests: the public API calls a page makes as soon as it renders, started by a few lines
 * inlined in index.html (vite.config.ts, plugin lumen-early-requests) while the page's code is
 * still downloading. The first load of the home page used to wait for the entry script, the home
 * chunk and a render before its first API call (about 1 s on a cold load); now the answers are
 * on their way with the HTML. Only public GETs of the same origin: no token is sent with them.
 */
import type { PageAssets } from '../schemas/page-assets';

export type EarlyParams = Record<string, string | number>;

/** One request as the page makes it: the path and its query params in the order the page passes them. */
export interface EarlyRequest {
  path: string;
  params?: EarlyParams;
}

/** The URL a GET with these params is known by (the key index.html stores its answer under). */
export function earlyUrl(path: string, params?: Record<string, unknown>): string {
  const pairs = Object.entries(params ?? {}).filter(([, v]) => v !== undefined && v !== null);
  const q = new URLSearchParams(pairs.map(([k, v]) => [k, String(v)])).toString();
  return q ? `${path}?${q}` : path;
}

declare global {
  interface Window {
    __lumenEarly?: Record<string, Promise<unknown>>;
  }
}

/**
 * The JSON answer of a request index.html already started for this URL, handed out once (a later
 * call, a retry or a reload asks the server again); undefined when there is none.
 */
export function takeEarly(url: string): Promise<unknown> | undefined {
  const started = typeof window === 'undefined' ? undefined : window.__lumenEarly;
  const answer = started?.[url];
  if (answer) delete started![url];
  return answer;
}

/** The meta tag name a server-rendered page carries in its head (src/entry-server.tsx). */
export const SSR_META = 'lumen-ssr';

/**
 * The inline script for index.html: on a page listed in `byPath`, fetch its URLs and keep the
 * promises for takeEarly; preload the page's code chunks and styles. ES5, no dependencies: it
 * runs before any module.
 */
export function earlyScript(byPath: Record<string, PageAssets>): string {
  // A page the server rendered (meta lumen-ssr) came with its answers and links already.
  return (
    `(function(){var p=${JSON.stringify(byPath)}[location.pathname];if(!p||document.querySelector('meta[name="${SSR_META}"]'))return;` +
    `function link(rel,href,as){var l=document.createElement('link');l.rel=rel;l.href=href;if(as)l.as=as;if(rel==='modulepreload')l.crossOrigin='';document.head.appendChild(l)}` +
    `p.modules.forEach(function(m){link('modulepreload',m)});p.styles.forEach(function(s){link('preload',s,'style')});` +
    `if(!window.fetch)return;var e=window.__lumenEarly={};p.urls.forEach(function(u){` +
    `var r=fetch(u,{credentials:'omit'}).then(function(x){if(!x.ok)throw new Error(String(x.status));return x.json()});` +
    // Nobody may take a failed one (the page falls back to its own request): keep it from being reported as unhandled.
    `r.catch(function(){});e[u]=r})})();`
  );
}
