import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { registerJsonBody } from '../http/json-body.js';
import { findIllegalText, illegalTextError, type Schema } from '../http/text-rule.js';
import { nonFiniteNumberError } from '../http/finite-numbers.js';
import { schemaStore } from '../schemas/store.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * $id of the form schema a route validates its JSON body with in the handler (validateRouteForm): the
     * body the API reference shows, and the titles that name fields in messages.
     */
    formSchema?: string;
  }
}

/** Request parts, the route-schema key that describes each, and the name used when no title does. */
const PARTS = [
  { part: 'params', schemaKey: 'params', fallback: '地址参数' },
  { part: 'query', schemaKey: 'querystring', fallback: '查询条件' },
  { part: 'body', schemaKey: 'body', fallback: '提交的内容' },
] as const;

/**
 * Input guards every route shares, registered once on the root app so every route module gets
 * them: the depth-bounded JSON body parser, then before schema validation the illegal-character
 * rule for all text and the finite-number rule for numeric strings.
 */
export default fp(async (app) => {
  registerJsonBody(app);
  const store = schemaStore(app);
  app.addHook('preValidation', async (req: FastifyRequest) => {
    for (const { part, schemaKey, fallback } of PARTS) {
      const value = req[part];
      if (value == null) continue;
      let schema = (req.routeOptions.schema as Record<string, Schema> | undefined)?.[schemaKey];
      const overflow = nonFiniteNumberError(value, schema);
      if (overflow) throw overflow;
      if (!findIllegalText(value)) continue;
      // Only now is the form schema worth loading: its titles name the field in the message.
      const formId = req.routeOptions.config?.formSchema;
      if (!schema && part === 'body' && formId) schema = (await store.get(formId))?.body;
      throw illegalTextError(value, schema, fallback, store.lookup);
    }
  });
});
