/**
 * server/src/http: route helpers that are about HTTP only (request schemas, body parsing, input
 * rules, error mapping). Business rules live in services/, SQL in repositories/.
 *
 * This file: the shared JSON Schema of record ids, in params and bodies. Ids are bigserial; the
 * ceiling is the largest integer JavaScript holds exactly, so a 25-digit id is refused by the
 * schema (400 naming the field) instead of reaching SQL as 1e+24.
 */

/** Largest id a request may name: Number.MAX_SAFE_INTEGER, inside PostgreSQL's bigint. */
export const MAX_ID = Number.MAX_SAFE_INTEGER;
/** Largest id of a `serial` (int4) table such as categories: a larger one is a database error. */
export const MAX_INT4_ID = 2147483647;

/** A record id property; `title` names the field in the Chinese message. */
export const idProp = (title = '编号', maximum = MAX_ID) => ({ type: 'integer', title, minimum: 1, maximum }) as const;

/** Params of every `/:id` route. */
export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: idProp() },
} as const;

/** Params of a `/…/*` route: the rest of the path after the prefix (Fastify names it `*`). */
export const wildcardParams = {
  type: 'object',
  required: ['*'],
  properties: { '*': { type: 'string' } },
} as const;
