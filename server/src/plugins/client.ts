import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import fs from 'node:fs';
import path from 'node:path';
import { pickEncoding, type StaticEncoding } from '../http/precompress.js';
import { fetchAnswers, loadServerRender, pageCache, type ServerRender } from '../http/server-render.js';

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

/**
 * Serves the built client with an SPA fallback: any GET that is not an API, file or dev path
 * (the community pages are under /community, its API under /community/api)
 * gets index.html so the client router (and its /404 page) decides. Assets are sent as the
 * build precompressed them (`.br` / `.gz` beside each), never compressed per request.
 */
export default fp(async (app) => {
  const dir = app.config.clientDir;
  const index = path.join(dir, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn({ dir }, 'client build not found; run `npm run build` to serve the web client');
    return;
  }
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/',
    wildcard: false,
    preCompressed: true,
    index: false,
    setHeaders: (reply, file) => {
      if (file.startsWith(path.join(dir, 'assets') + path.sep)) reply.header('cache-control', IMMUTABLE);
    },
  });
  const html = loadIndex(index);
  // The mobile site (src/mobile, the same build's second page): every /m/ path gets its index.html.
  const mobileIndex = path.join(dir, 'm', 'index.html');
  const mobile = fs.existsSync(mobileIndex) ? loadIndex(mobileIndex) : null;
  const template = html.raw.toString('utf8');
  // Loaded in the background: until it is ready (or if the build has none) pages are served as before.
  let ssr: ServerRender | undefined;
  const mobileTemplate = mobile?.raw.toString('utf8');
  const rendered = pageCache(async (url) => {
    const requests = ssr!.requestsFor(new URL(url, 'http://x').pathname)!;
    const page = isMobilePath(url) ? mobileTemplate! : template;
    return ssr!.page(page, url, await fetchAnswers(app, requests));
  }, app.config.serverRenderCacheMs);
  if (app.config.serverRender) {
    loadServerRender(dir).then(
      (m) => (ssr = m),
      (err) => app.log.error({ err }, 'server render module failed to load; serving the client-rendered page'),
    );
  }
  app.get('/*', async (req, reply) => {
    const url = req.url;
    if (url.startsWith('/api/') || url.startsWith('/files/') || url.startsWith('/community/api/')) {
      // The errors plugin's not-found handler answers with the shared 404 envelope.
      return reply.callNotFound();
    }
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    const isMobile = isMobilePath(url);
    // The mobile home renders into the mobile site's page: only when the build has one.
    if (ssr?.requestsFor(new URL(url, 'http://x').pathname) && (mobile || !isMobile)) {
      try {
        // Compressed per request like any API answer (@fastify/compress).
        return reply.send(await rendered(url));
      } catch (err) {
        req.log.error({ err }, 'server render failed; serving the client-rendered page');
      }
    }
    return sendHtml(req, reply, mobile && isMobile ? mobile : html);
  });
});
