import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorEnvelopeSchema } from '../../../src/schemas/api/envelope.js';
import { openApiTags, tagOf } from './openapi-tags.js';

/** Where the document and the developers' reference page are served. */
export const OPENAPI_URL = '/api/openapi.json';
export const API_DOCS_PREFIX = '/api/docs';

const DESCRIPTION = [
  '流明素材的 HTTP 接口，由各路由的 JSON Schema（src/schemas）生成。',
  '每个答复都是信封 `{code, success, msg, message, data}`；失败时 success 为 false，msg 为中文说明。',
  '登录后的请求在 `authorization` 头中携带令牌。',
].join('\n\n');

type RouteSchema = Record<string, unknown> & { hide?: boolean; tags?: string[]; response?: Record<string, unknown> };

/**
 * The document's view of a route: its group's tag and the shared failure answer added. A copy:
 * the route's own schema object is what Fastify validates and serializes with.
 */
function documented({ schema, url }: { schema?: RouteSchema; url: string }) {
  if (schema?.hide) return { schema, url };
  const s: RouteSchema = schema ?? {};
  return {
    url,
    schema: {
      ...s,
      tags: s.tags ?? [tagOf(url)],
      response: { ...s.response, default: { description: '失败', ...errorEnvelopeSchema } },
    },
  };
}

/**
 * OpenAPI 3.1 from the route schemas (@fastify/swagger collects routes as they are added, so this
 * runs before the route modules), at /api/openapi.json, and Swagger UI at /api/docs. Swagger UI is
 * served from this origin with no inline script, so the site's CSP (plugins/security-headers.ts)
 * covers it unchanged; its online validator badge is off (img-src is 'self').
 */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: '流明素材 API', version, description: DESCRIPTION },
      tags: openApiTags(),
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'authorization' } } },
    },
    transform: documented as never,
  });
  app.get(OPENAPI_URL, { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    uiConfig: { docExpansion: 'none', deepLinking: true },
  });
}
