import type { FastifyTypeProvider } from 'fastify';
import type { FromSchema } from '../../../src/schemas/api/from-schema.js';

/**
 * Types a route's request from its own schemas: with `app.withTypeProvider<ContractTypes>()`,
 * `req.params`, `req.query` and `req.body` have the types of the `params`, `querystring` and `body`
 * schemas Fastify validates them with, so a handler needs no cast of its input that could say
 * something else. Answers stay untyped here: `ok(...)` wraps them and the response schema
 * serializes them (their types come from the same schemas through FromSchema where a caller reads them).
 */
export interface ContractTypes extends FastifyTypeProvider {
  readonly validator: FromSchema<this['schema']>;
  readonly serializer: unknown;
}
