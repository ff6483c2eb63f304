import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import type { Config } from './config.js';
import type { Db } from './db/index.js';
import { LocalStorage } from './storage/index.js';
import errors from './plugins/errors.js';
import auth from './plugins/auth.js';
import client from './plugins/client.js';
import { routeModules } from './routes/index.js';
import { vocabulary } from '../../src/schemas/validator.js';
import path from 'node:path';
import { ok } from './lib/envelope.js';
import { registerUploadSweep } from './services/uploads/sweep.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** The file store (server/src/storage). Typed as the local store until every caller uses only ObjectStore. */
    storage: LocalStorage;
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
}

/** The whole server as a plugin tree; tests call inject() on it without a port. */
export async function buildApp({ config, db, logger }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    // Only behind a known proxy may X-Forwarded-For name the client (rate limits key on the IP).
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // Route schemas are the shared schema files, so their x-* annotations are known keywords here too.
    ajv: { customOptions: { allErrors: false, verbose: true, coerceTypes: 'array', removeAdditional: false, keywords: vocabulary() } },
  });
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('storage', new LocalStorage(path.join(config.dataDir, 'files')));

  await app.register(errors);
  await app.register(cookie);
  await app.register(compress, { global: true, threshold: 1024 });
  // Per-route limits (SMS, login) are set on those routes; this is only a global ceiling.
  await app.register(rateLimit, { global: false });
  // The client posts form-encoded bodies by default (spec §7).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  await app.register(auth);

  app.get('/api/health', async () => ok({ status: 'up', db: db.kind }));
  for (const m of routeModules) {
    const mod = await m.load();
    await app.register(mod.default, { prefix: m.prefix });
  }
  registerUploadSweep(app);
  await app.register(client);
  return app;
}
