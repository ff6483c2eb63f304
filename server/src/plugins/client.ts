import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Serves the built client with an SPA fallback: any GET that is not an API, file or dev path
 * gets index.html so the client router (and its /404 page) decides.
 */
export default fp(async (app) => {
  const dir = app.config.clientDir;
  const index = path.join(dir, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn({ dir }, 'client build not found; run `npm run build` to serve the web client');
    return;
  }
  await app.register(fastifyStatic, { root: dir, prefix: '/', wildcard: false, preCompressed: true, index: false });
  const html = fs.readFileSync(index, 'utf8');
  app.get('/*', (req, reply) => {
    const url = req.url;
    if (url.startsWith('/api/') || url.startsWith('/files/') || url.startsWith('/community/')) {
      // The errors plugin's not-found handler answers with the shared 404 envelope.
      return reply.callNotFound();
    }
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
});
