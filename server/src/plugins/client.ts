import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import fs from 'node:fs';
import path from 'node:path';
import { pickEncoding, type StaticEncoding } from '../http/precompress.js';
import { fetchAnswers, loadServerRender, pageCache, type ServerRender } from '../http/server-render.js';
import { BUILDING_PAGE, clientBuildInProgress } from '../http/client-build-state.js';

/** Hashed build output: a new build writes new names, so a browser or CDN may keep these for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** index.html as built and in the encodings the build wrote beside it (http/precompress.ts). */
function loadIndex(index: string): { raw: Buffer; encoded: Partial<Record<StaticEncoding, Buffer>> } {
  const encoded: Partial<Record<StaticEncoding, Buffer>> = {};
  for (const [enc, ext] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (fs.existsSync(index + ext)) encoded[enc] = fs.readFileSync(index + ext);
  }
  return { raw: fs.readFileSync(index), encoded };
}

type Html = ReturnType<typeof loadIndex>;

/** /m, /m/ and anything under /m/ (not /media or /m.html). */
export const isMobilePath = (url: string) => /^\/m(\/|\?|$)/.test(url);

/** A page as built, in the best encoding the build wrote that the browser accepts. */
function sendHtml(req: FastifyRequest, reply: FastifyReply, page: Html) {
  const enc = pickEncoding(req.headers['accept-encoding'], Object.keys(page.encoded) as StaticEncoding[]);
  // A set Content-Encoding makes @fastify/compress leave the body alone.
  if (enc) return reply.header('content-encoding', enc).send(page.encoded[enc]);
  return reply.send(page.raw);
}

/** Every file of a build by its URL path (`/assets/index-3f2a.js`, `/favicon.svg`). */
function filesOf(dir: string): Set<string> {
  return new Set(
    fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => '/' + path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/')),
  );
}

/** The URL's path as a file name (percent-decoded; an undecodable one is no file of the build). */
function decodedPath(url: string): string {
  const raw = url.split('?')[0];
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** One build as served: read when it is complete, and again when a new build replaced it. */
interface LoadedClient {
  /** index.html's modification time: a new build writes a new one. */
  version: number;
  files: Set<string>;
  html: Html;
  mobile: Html | null;
  /** The page for a URL, rendered on the server when the build has a render for it, else undefined. */
  render: (url: string) => Promise<string> | undefined;
}

/**
 * Serves the built client with an SPA fallback: any GET that is not an API, file or dev path
 * (the community pages are under /community, its API under /community/api)
 * gets index.html so the client router (and its /404 page) decides. Assets are sent as the
 * build precompressed them (`.br` / `.gz` beside each), never compressed per request.
 *
 * The build is read on first use and again after a new build: `npm start` starts the server while it
 * builds the client for the first time (client-build-state.ts), so the API answers within seconds
 * and a browser gets a 构建中 page that refreshes itself until the build is complete.
 */
export default fp(async (app) => {
  const dir = app.config.clientDir;
  const index = path.join(dir, 'index.html');
  if (!fs.existsSync(index) && !clientBuildInProgress(dir)) {
    app.log.warn({ dir }, 'client build not found; run `npm run build` to serve the web client');
    return;
  }
  // Only reply.sendFile: which files exist is decided per build below, not once at registration.
  await app.register(fastifyStatic, {
    root: dir,
    serve: false,
    preCompressed: true,
    index: false,
    suppressWarning: true,
    setHeaders: (reply, file) => {
      if (file.startsWith(path.join(dir, 'assets') + path.sep)) reply.header('cache-control', IMMUTABLE);
    },
  });

  let serverRenderImported = false;
  const load = (version: number): LoadedClient => {
    const html = loadIndex(index);
    // The mobile site (src/mobile, the same build's second page): every /m/ path gets its index.html.
    const mobileIndex = path.join(dir, 'm', 'index.html');
    const mobile = fs.existsSync(mobileIndex) ? loadIndex(mobileIndex) : null;
    const template = html.raw.toString('utf8');
    const mobileTemplate = mobile?.raw.toString('utf8');
    // Loaded in the background: until it is ready (or if the build has none) pages are served as before.
    let ssr: ServerRender | undefined;
    const rendered = pageCache(async (url) => {
      const requests = ssr!.requestsFor(new URL(url, 'http://x').pathname)!;
      const page = isMobilePath(url) ? mobileTemplate! : template;
      return ssr!.page(page, url, await fetchAnswers(app, requests));
    }, app.config.serverRenderCacheMs);
    // Imported once per process: its chunks import the entry back by its plain name, so a second
    // copy (a cache-busting query) would run with a React of its own. A build that replaces the one
    // rendered from is served client-rendered until the next start.
    if (app.config.serverRender && !serverRenderImported) {
      serverRenderImported = true;
      loadServerRender(dir).then(
        (m) => (ssr = m),
        (err) => app.log.error({ err }, 'server render module failed to load; serving the client-rendered page'),
      );
    } else if (app.config.serverRender) {
      app.log.warn({ dir }, 'a new client build: its pages are rendered in the browser until the server restarts');
    }
    app.log.info({ dir }, 'web client loaded');
    return {
      version,
      files: filesOf(dir),
      html,
      mobile,
      // The mobile home renders into the mobile site's page: only when the build has one.
      render: (url) =>
        ssr?.requestsFor(new URL(url, 'http://x').pathname) && (mobile || !isMobilePath(url))
          ? rendered(url)
          : undefined,
    };
  };

  // Looked at once a second at most: a request costs no file-system call.
  let state: LoadedClient | 'building' | undefined;
  let checkedAt = 0;
  const current = () => {
    const now = Date.now();
    if (state && now - checkedAt < 1000) return state;
    checkedAt = now;
    if (clientBuildInProgress(dir)) return (state = 'building');
    let version: number;
    try {
      version = fs.statSync(index).mtimeMs;
    } catch {
      return (state = undefined);
    }
    if (state === 'building' || state?.version !== version) state = load(version);
    return state;
  };

  // A complete build is read now, so its server render is loading before the first page is asked for.
  current();

  app.get('/*', async (req, reply) => {
    const url = req.url;
    if (url.startsWith('/api/') || url.startsWith('/files/') || url.startsWith('/community/api/')) {
      // The errors plugin's not-found handler answers with the shared 404 envelope.
      return reply.callNotFound();
    }
    const client = current();
    if (client === 'building') {
      return reply
        .code(503)
        .header('retry-after', '5')
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(BUILDING_PAGE);
    }
    if (!client) return reply.callNotFound();
    const pathname = decodedPath(url);
    if (client.files.has(pathname)) return reply.sendFile(pathname.slice(1));
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    const page = client.render(url);
    if (page) {
      try {
        // Compressed per request like any API answer (@fastify/compress).
        return reply.send(await page);
      } catch (err) {
        req.log.error({ err }, 'server render failed; serving the client-rendered page');
      }
    }
    return sendHtml(req, reply, client.mobile && isMobilePath(url) ? client.mobile : client.html);
  });
});
