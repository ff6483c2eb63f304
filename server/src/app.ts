import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { dbRateLimitStore } from './plugins/rate-limit-store.js';
import securityHeaders from './plugins/security-headers.js';
import metrics from './plugins/metrics.js';
import requestLog from './plugins/request-log.js';
import type { Config } from './config.js';
import type { Db } from './db/index.js';
import { openStorage, type ObjectStore } from './storage/index.js';
import type { S3Storage } from './storage/s3.js';
import errors from './plugins/errors.js';
import auth from './plugins/auth.js';
import client from './plugins/client.js';
import requestInput from './plugins/request-input.js';
import { routeModules } from './routes/index.js';
import { registerOpenApi } from './http/openapi.js';
import { sharedCompilers } from './http/schema-compilers.js';
import { apiVersion } from './http/api-version.js';
import { vocabulary } from '../../src/schemas/validator.js';
import { registerUploadSweep } from './services/uploads/sweep.js';
import { registerMaterialCounters } from './services/material-counters.js';
import { registerGinMaintenance } from './services/gin-maintenance.js';
import { registerFingerprintSweep } from './services/monitor/fingerprint-works.js';
import { registerOfficeSweep } from './services/office-reconcile.js';
import { prettyLog } from './http/pretty-log.js';
import { registerBackupSchedule } from './backup/schedule.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** The file store (server/src/storage): local disk or an S3 bucket, used only through ObjectStore. */
    storage: ObjectStore;
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** Called for every route as it is added (tests list the routes to hold the OpenAPI document to them). */
  onRoute?: (route: RouteOptions) => void;
}

/** The whole server as a plugin tree; tests call inject() on it without a port. */
export async function buildApp({ config, db, logger, onRoute }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      ...(config.logFormat === 'pretty' ? { stream: prettyLog() } : {}),
    },
    // Only behind a known proxy may X-Forwarded-For name the client (rate limits key on the IP).
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // One line per answered request instead of two (plugins/request-log.ts). Through a log controller:
    // the top-level disableRequestLogging option is deprecated and printed a warning at every start.
    logController: new LogController({ disableRequestLogging: true }),
    // Route schemas are the shared schema files, so their x-* annotations are known keywords here too.
    ajv: {
      customOptions: {
        allErrors: false,
        verbose: true,
        coerceTypes: 'array',
        removeAdditional: false,
        keywords: vocabulary(),
      },
    },
    schemaController: { compilersFactory: sharedCompilers },
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  app.decorate('config', config);
  app.decorate('db', db);
  const storage = await openStorage(config);
  app.decorate('storage', storage);
  registerMaterialCounters(app);
  registerGinMaintenance(app);
  if (storage.kind === 's3') app.addHook('onClose', async () => (storage as S3Storage).destroy());

  // First, so its onRequest hook also covers the not-found handler the errors plugin sets.
  await app.register(securityHeaders);
  await app.register(metrics);
  await app.register(requestLog);
  await app.register(errors);
  await app.register(cookie);
  await app.register(compress, { global: true, threshold: 1024 });
  // Per-route limits (SMS, login) are set on those routes. Counted in the database, so a limit
  // holds across every app server behind a load balancer.
  await app.register(rateLimit, { global: false, store: dbRateLimitStore(db) as any });
  // The client posts form-encoded bodies by default (spec §7).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  await app.register(requestInput);
  await app.register(auth);
  // Before every route: the document is built from the routes added after it.
  await registerOpenApi(app, apiVersion);

  for (const m of routeModules) {
    const mod = await m.load();
    await app.register(mod.default, { prefix: m.prefix });
  }
  registerUploadSweep(app);
  registerFingerprintSweep(app);
  registerOfficeSweep(app);
  registerBackupSchedule(app);
  await app.register(client);
  return app;
}
