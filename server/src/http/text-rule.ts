/**
 * The one rule for text in requests: no NUL and no unpaired UTF-16 surrogate. PostgreSQL stores
 * neither (text refuses \u0000, jsonb refuses both), so they used to surface as 500s; now any
 * string in params, query or body — value or key — is a 400 "<field>不能包含非法字符", the field
 * named by the title its schema gives it.
 */
import { AppError } from './envelope.js';

export type Schema = Record<string, any>;
export type Lookup = (id: string) => Schema | undefined;

// eslint-disable-next-line no-control-regex -- NUL is what this rule refuses
const ILLEGAL = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// Cheap first test: most strings hold neither NUL nor any surrogate (paired ones are emoji).
// eslint-disable-next-line no-control-regex -- NUL is what this rule refuses
const SUSPECT = /[\u0000\uD800-\uDFFF]/;
const illegal = (s: string) => SUSPECT.test(s) && ILLEGAL.test(s);

/**
 * Objects and arrays of parsed input. Not Buffers or streams; prototypes are not checked because
 * Fastify's query and params objects have their own (fast-querystring's Empty).
 */
export const isWalkable = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !ArrayBuffer.isView(v) && typeof (v as { pipe?: unknown }).pipe !== 'function';

/** Path of the first string value or key with an illegal character, or null. */
export function findIllegalText(value: unknown): string[] | null {
  // One shared path stack: every request body is walked, so nothing is allocated until a hit.
  const path: string[] = [];
  const walk = (v: unknown): boolean => {
    if (typeof v === 'string') return illegal(v);
    if (!isWalkable(v)) return false;
    for (const k in v) {
      if (!Object.prototype.hasOwnProperty.call(v, k)) continue;
      path.push(k);
      if (illegal(k) || walk(v[k])) return true;
      path.pop();
    }
    return false;
  };
  return walk(value) ? path : null;
}

/** Schema nodes that may describe child `seg` of `node`: properties, items, and every branch. */
function childNodes(node: Schema | undefined, seg: string, lookup: Lookup | undefined, depth = 0): Schema[] {
  if (!node || typeof node !== 'object' || depth > 8) return [];
  const n = typeof node.$ref === 'string' && lookup ? { ...lookup(node.$ref), ...node } : node;
  const out: Schema[] = [];
  if (n.properties?.[seg]) out.push(n.properties[seg]);
  if (/^\d+$/.test(seg) && n.items) out.push(Array.isArray(n.items) ? n.items[Number(seg)] : n.items);
  if (n.additionalProperties && typeof n.additionalProperties === 'object') out.push(n.additionalProperties);
  const deps = Object.values<any>(n.dependencies ?? {}).filter((d) => d && typeof d === 'object' && !Array.isArray(d));
  for (const b of [...(n.oneOf ?? []), ...(n.anyOf ?? []), ...(n.allOf ?? []), ...deps])
    out.push(...childNodes(b, seg, lookup, depth + 1));
  return out.filter(Boolean);
}

/** The title the schema gives the value at `path` (the first branch that names it). */
export function titleAt(schema: Schema | undefined, path: string[], lookup?: Lookup): string | undefined {
  let nodes = schema ? [schema] : [];
  for (const seg of path) nodes = nodes.flatMap((n) => childNodes(n, seg, lookup));
  for (const n of nodes) {
    const title = n.title ?? (typeof n.$ref === 'string' ? lookup?.(n.$ref)?.title : undefined);
    if (typeof title === 'string') return title;
  }
  return undefined;
}

/** A 400 naming the first field with an illegal character, or null when the value is clean. */
export function illegalTextError(
  value: unknown,
  schema: Schema | undefined,
  fallbackName: string,
  lookup?: Lookup,
): AppError | null {
  const path = findIllegalText(value);
  if (!path) return null;
  const msg = `${(path.length && titleAt(schema, path, lookup)) || fallbackName}不能包含非法字符`;
  return new AppError(400, msg, path.length ? { fieldErrors: { [`/${path.join('/')}`]: msg } } : null);
}
