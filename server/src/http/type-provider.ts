import type { FastifyTypeProvider } from 'fastify';
import type { FromSchema } from '../../../src/schemas/api/from-schema.js';

type Listed<S> = S extends { required: readonly (infer K)[] } ? K : never;
type Defaulted<P> = { [K in keyof P]: P[K] extends { default: unknown } ? K : never }[keyof P];

/**
 * A request schema as the handler sees it: Fastify's validator fills in `default`s (ajv's
 * useDefaults), so a property with a default is always there, as if it were required.
 */
type AsValidated<S> = S extends { properties: infer P }
  ? Omit<S, 'required'> & { required: readonly (Listed<S> | Defaulted<P>)[] }
  : S;

/**
 * Types a route's request from its own schemas: with `app.withTypeProvider<ContractTypes>()`,
 * `req.params`, `req.query` and `req.body` have the types of the `params`, `querystring` and `body`
 * schemas Fastify validates them with, so a handler needs no cast of its input that could say
 * something else. Answers stay untyped here: `ok(...)` wraps them and the response schema
 * serializes them (their types come from the same schemas through FromSchema where a caller reads them).
 */
export interface ContractTypes extends FastifyTypeProvider {
  readonly validator: FromSchema<AsValidated<this['schema']>>;
  readonly serializer: unknown;
}
