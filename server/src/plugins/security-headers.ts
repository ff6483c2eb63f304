import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Security headers on every response (API, SPA HTML, /files, PDFs, sandbox pages), via helmet.
 *
 * The Content-Security-Policy is the one the built client runs under without a violation
 * (the e2e suite records `securitypolicyviolation` events on every page and fails on any):
 * - script-src 'self' 'unsafe-eval': ajv (RJSF forms, src/schemas/validator.ts) compiles each JSON
 *   Schema into a function with `new Function`. Staff edit those schemas at /admin while the product
 *   runs, so they cannot be precompiled at build time. The only inline script allowed is the one
 *   the build writes into index.html (the early-request starter, src/dataProvider/early.ts), by its hash.
 * - style-src 'self' 'unsafe-inline': antd 5's CSS-in-JS inserts <style> tags at run time, and rc-*
 *   components write style attributes. A nonce would cover antd's own tags only (nonces never apply
 *   to style attributes) and would need a per-request index.html; injected CSS cannot run script.
 * - img-src data: blob: (payment QR codes are data: URLs, the image placeholder is a data: SVG, upload
 *   probes read a blob:); media-src blob: (upload probes measure video/audio duration from a blob:).
 * - frame-ancestors 'none' (and X-Frame-Options: DENY): no page is meant to be framed (clickjacking).
 * - upgrade-insecure-requests is left out: on a plain-HTTP start (localhost) it would send every asset
 *   to https and blank the page; over HTTPS, HSTS (below) keeps browsers on https instead.
 * HSTS is sent only when the request arrived over HTTPS (req.protocol honours X-Forwarded-Proto only
 * with TRUST_PROXY), so a plain-HTTP install is never pinned to an https it does not serve.
 */
export const HSTS_VALUE = 'max-age=15552000; includeSubDomains';

/** CSP sources ('sha256-…') of the inline scripts of an HTML page, as a browser hashes them. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`,
  );
}

/**
 * CSP directives; extraConnectSrc lists API/statistics origins of a client built with VITE_*_BASE
 * elsewhere; scriptHashes allow the built index.html's own inline scripts.
 */
export function cspDirectives(extraConnectSrc: string[] = [], scriptHashes: string[] = []): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'unsafe-eval'", ...scriptHashes],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...extraConnectSrc],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

export default fp(async (app) => {
  const index = path.join(app.config.clientDir, 'index.html');
  const scriptHashes = fs.existsSync(index) ? inlineScriptHashes(fs.readFileSync(index, 'utf8')) : [];
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(app.config.cspConnectSrc, scriptHashes) },
    frameguard: { action: 'deny' },
    // The browser default: full URL within the site (page-view statistics read document.referrer),
    // only the origin to other sites, nothing on an https -> http downgrade.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // same-site rather than same-origin: a mobile site on a sibling host may show the /files previews.
    crossOriginResourcePolicy: { policy: 'same-site' },
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (req, reply) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
  });
});
