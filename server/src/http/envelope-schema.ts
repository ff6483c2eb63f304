import { envelope } from '../../../src/schemas/api/envelope.js';

/** A route's `schema.response`: the contract's envelope around its data schema, for status 200. */
export function envelopeOf<const D extends object>(schema: D) {
  return { 200: envelope(schema) } as const;
}
