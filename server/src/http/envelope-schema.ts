import { envelope } from '../../../src/schemas/api/envelope.js';

/** A route's `schema.response`: the contract's envelope around its data schema, for status 200. */
export function envelopeOf<const D extends object>(schema: D) {
  return { 200: envelope(schema) } as const;
}

/**
 * A file route's `schema.response`: the bytes themselves (of the given content type), or the
 * envelope around `schema` when it answers JSON instead (a signed link from the object store).
 * Fastify serializes only the JSON answer; a stream or buffer goes out as is.
 */
export function envelopeOrFile<const D extends object>(schema: D, fileType = 'application/octet-stream') {
  return {
    200: {
      description: '文件本身，或其下载链接',
      content: {
        'application/json': { schema: envelope(schema) },
        [fileType]: { schema: { type: 'string', format: 'binary' } },
      },
    },
  } as const;
}

/**
 * The `schema.response` of a route that answers with a file or a page rather than the JSON envelope:
 * the bytes of `mime` ('*\/*' when the stored file's own type goes out). It documents the answer
 * only: Fastify sends a Buffer, a stream or a string of a non-JSON type as is, never through a schema.
 */
export function fileAnswer(mime: string, description: string): Record<number, object> {
  const schema = mime.startsWith('text/') ? { type: 'string' } : { type: 'string', format: 'binary' };
  // Typed by status number, not as the literal 200: such routes also answer 204, 206, 304 or 404.
  return { 200: { description, content: { [mime]: { schema } } } };
}
