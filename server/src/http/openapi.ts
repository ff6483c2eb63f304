import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorEnvelopeSchema } from '../../../src/schemas/api/envelope.js';
import { openApiTags, tagOf } from './openapi-tags.js';
import { bundledSchema, bundleSchema } from '../../../src/schemas/index.js';

/** Where the document and the developers' reference page are served. */
export const OPENAPI_URL = '/api/openapi.json';
export const API_DOCS_PREFIX = '/api/docs';

const DESCRIPTION = [
  '流明素材的 HTTP 接口，由各路由的 JSON Schema（src/schemas）生成。',
  '每个答复都是信封 `{code, success, msg, message, data}`；失败时 success 为 false，msg 为中文说明。',
  '登录后的请求在 `authorization` 头中携带令牌。',
].join('\n\n');

type RouteSchema = Record<string, unknown> & {
  hide?: boolean;
  tags?: string[];
  body?: unknown;
  response?: Record<string, unknown>;
};

/**
 * The body of a route that checks it in its handler against a form schema (config.formSchema, for
 * Chinese messages that name the field): the shipped version with its `lumen:` references written
 * out, since the document cannot point into the schema store. Staff may change a form's rules.
 */
function formBody(formId: string): Record<string, unknown> | undefined {
  const form = bundledSchema(formId);
  if (!form) return undefined;
  const { $schema: _schema, ...body } = bundleSchema(form, bundledSchema) as Record<string, unknown>;
  const note = `按表单规则 ${formId} 校验；运营可在后台修改规则，当前版本见 GET /api/schemas/${formId}。`;
  return { ...body, description: [body.description, note].filter(Boolean).join('\n\n') };
}

/**
 * The document's view of a route: its group's tag, a form-checked body and the shared failure answer added. A copy:
 * the route's own schema object is what Fastify validates and serializes with.
 */
function documented({
  schema,
  url,
  route,
}: {
  schema?: RouteSchema;
  url: string;
  route?: { config?: { formSchema?: string } };
}) {
  if (schema?.hide) return { schema, url };
  const s: RouteSchema = schema ?? {};
  const form = route?.config?.formSchema ? formBody(route.config.formSchema) : undefined;
  return {
    url,
    schema: {
      ...s,
      // Both a route schema (what Fastify checks first) and a form: the body must meet both.
      ...(form && { body: s.body ? { allOf: [s.body, form] } : form }),
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
