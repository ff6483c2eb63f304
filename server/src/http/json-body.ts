/**
 * The one JSON body parser. JSON.parse copes with a 100,000-deep array, but the recursive code
 * that later walks the value (secure-json-parse, ajv, structuredClone, jsonb encoding) overflows
 * the stack on it, so nesting is bounded BEFORE parsing, by a linear scan of the text.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from './envelope.js';

/** The deepest bundled schema is 9 levels (10 inside the staff editor's PUT body); 32 leaves room. */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP = '提交的内容嵌套层级过深';

/** True when arrays/objects in a JSON text nest deeper than `max` (brackets inside strings do not count). */
export function jsonDepthExceeds(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** JSON text from a request part (e.g. a multipart `data` field): 400 when too deep or invalid. */
export function parseJsonText(text: string, invalidMessage: string): unknown {
  if (jsonDepthExceeds(text)) throw new AppError(400, TOO_DEEP);
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError(400, invalidMessage);
  }
}

/** Replaces Fastify's application/json parser by the same parser behind a depth check. */
export function registerJsonBody(app: FastifyInstance): void {
  // Fastify's own parser keeps its __proto__/constructor poisoning checks.
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (jsonDepthExceeds(body as string)) return done(new AppError(400, TOO_DEEP), undefined);
    return parse(req, body as string, done);
  });
}

/**
 * One field of a body that no route schema describes (a form checked later against a schema from
 * the store, a value whose own check gives the Chinese message): unknown until that check.
 */
export function bodyField(body: unknown, key: string): unknown {
  return body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined;
}
