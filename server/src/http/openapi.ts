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
 * A body the handler reads and checks itself, where a route schema would change what the route
 * accepts or answers (a multipart form, a file's bytes, the login forms' fixed messages, a lenient
 * analytics call): shown in the API reference only, Fastify does not validate with it.
 */
export interface DocumentedBody {
  mediaType:
    'application/json' | 'application/x-www-form-urlencoded' | 'multipart/form-data' | 'application/octet-stream';
  /** JSON Schema of the body; a `{ $ref: 'lumen:<id>' }` node is that contract schema, written out like a form body. */
  schema: Record<string, unknown>;
  /** Who checks the body and against what, in Chinese (the reference's readers). */
  description: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The body the API reference shows for a route that checks its body in the handler (see DocumentedBody). */
    requestBody?: DocumentedBody;
  }
}

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

/** A documented body's schema with each `lumen:` reference written out (the document cannot follow them). */
function writtenOut(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(writtenOut);
  if (!node || typeof node !== 'object') return node;
  const walked = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, writtenOut(v)]));
  const { $ref, ...siblings } = walked;
  if (typeof $ref !== 'string' || !$ref.startsWith('lumen:')) return walked;
  const target = formBody($ref);
  if (!target) throw new Error(`Unknown schema ${$ref}`);
  // Siblings (a title, a description) describe this use of it and win over the target's.
  return { ...target, ...siblings };
}

/**
 * A body the handler checks (config.requestBody) as @fastify/swagger reads a route schema: the body's
 * description becomes the request body's, `consumes` its media type.
 */
function handlerChecked(doc: DocumentedBody) {
  const body = writtenOut(doc.schema) as Record<string, unknown>;
  const description = [body.description, doc.description].filter(Boolean).join('\n\n');
  return { body: { ...body, description }, consumes: [doc.mediaType] };
}

/**
 * The document's view of a route: its group's tag, a form-checked or handler-checked body and the shared failure
 * answer added. A copy: the route's own schema object is what Fastify validates and serializes with.
 */
function documented({
  schema,
  url,
  route,
}: {
  schema?: RouteSchema;
  url: string;
  route?: { config?: { formSchema?: string; requestBody?: DocumentedBody } };
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
      // A body only the handler checks: in the document, in place of any other.
      ...(route?.config?.requestBody && handlerChecked(route.config.requestBody)),
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
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'authorization' },
          // /api/v1: `Authorization: Bearer lm_live_…` (routes/v1/key-auth.ts).
          apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'lm_live_…' },
        },
      },
    },
    transform: documented as never,
  });
  app.get(OPENAPI_URL, { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    uiConfig: { docExpansion: 'none', deepLinking: true },
  });
}
