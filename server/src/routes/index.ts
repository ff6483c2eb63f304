import type { FastifyInstance } from 'fastify';

/**
 * Every /api group, one module each (spec §7). A module is a Fastify plugin registered with its
 * URL prefix. Add a group by adding one line here.
 */
export const routeModules: Array<{ prefix: string; load: () => Promise<{ default: (app: FastifyInstance) => Promise<void> }> }> = [
  { prefix: '/api', load: () => import('./operation.js') },
];
