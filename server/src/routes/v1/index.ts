import type { FastifyInstance } from 'fastify';
import { registerKeyAuth } from './key-auth.js';
import { catalogueV1 } from './catalogue.js';
import { licencesV1 } from './licences.js';
import { evidenceV1 } from './evidence.js';
import { monitorV1 } from './monitor.js';
import { ordersV1 } from './orders.js';

/**
 * /api/v1: the public API for companies (issue #35), called with an API key instead of a session.
 * Each route names its scope (config.scope) and reuses the site's services, repositories and
 * answer schemas; key-auth.ts authenticates, limits and audits every call.
 */
export default async function v1Routes(app: FastifyInstance) {
  registerKeyAuth(app);
  await app.register(catalogueV1);
  await app.register(licencesV1);
  await app.register(evidenceV1);
  await app.register(monitorV1);
  await app.register(ordersV1);
}
