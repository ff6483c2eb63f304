import type { ErrorObject, ValidateFunction } from 'ajv';
import loginSchemas from '../forms/login.json';
import { createAjv } from '../validator';

/** One ajv over lumen:forms/login (src/schemas/forms/login.json), used by the dialog and by /api/common alike. */
export type LoginFormKind = 'login' | 'passwordLogin' | 'passwordForm' | 'bind' | 'smsSend' | 'smsPhone';

/**
 * The project's ajv configuration (strict, formats, x-* vocabulary) plus two options only login
 * needs, which its own instance keeps so other forms are unaffected:
 * - useDefaults: a body without registDevice gets 'PC' before the signature check and registration
 *   read it, as the original API did;
 * - coerceTypes: legacy clients post phone, code and timestamp as JSON numbers; they are accepted
 *   and handed on as the strings the schema types them as.
 */
const ajv = createAjv({ ajv: { coerceTypes: true, useDefaults: true } });
ajv.addSchema(loginSchemas as object);

const cache = new Map<LoginFormKind, ValidateFunction>();
function validator(kind: LoginFormKind): ValidateFunction {
  let v = cache.get(kind);
  if (!v) {
    v = ajv.getSchema(`${(loginSchemas as { $id: string }).$id}#/definitions/${kind}`)!;
    cache.set(kind, v);
  }
  return v;
}

/**
 * One definition of lumen:forms/login with the file's own `#/definitions/…` references written out,
 * for a document that cannot follow them (the API reference shows the login bodies with it).
 */
export function loginSchema(name: string): Record<string, unknown> {
  const defs = (loginSchemas as { definitions: Record<string, unknown> }).definitions;
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    const { $ref, ...rest } = node as Record<string, unknown>;
    const own = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, walk(v)]));
    // The file refers only to its own definitions; a $ref's siblings describe this use of it.
    return typeof $ref === 'string' ? { ...(walk(defs[$ref.replace('#/definitions/', '')]) as object), ...own } : own;
  };
  if (!defs[name]) throw new Error(`Unknown login schema ${name}`);
  return walk(defs[name]) as Record<string, unknown>;
}

const FALLBACK = '请求参数不正确';

/**
 * The Chinese message ("x-msg") of the first failing node, or null when the data is valid. Not the
 * shared messages.ts wording: spec §5 gives one message per field for every failure, including a
 * missing field ('请输入11位数字手机号码', not '请填写手机号').
 */
export function validateLoginForm(kind: LoginFormKind, data: Record<string, unknown>): string | null {
  const v = validator(kind);
  if (v(data)) return null;
  // Report fields in the form's own order (phone before code), whatever order ajv found them in.
  const defs = (loginSchemas as any).definitions;
  const order = Object.keys(defs[kind].properties);
  const fieldOf = (e: ErrorObject) =>
    e.keyword === 'required' ? (e.params as { missingProperty: string }).missingProperty : e.instancePath.split('/')[1];
  const rank = (e: ErrorObject) => (order.indexOf(fieldOf(e)) + order.length + 1) % (order.length + 1);
  const err = [...(v.errors ?? [])].sort((a, b) => rank(a) - rank(b))[0];
  if (!err) return FALLBACK;
  if (err.keyword === 'required') {
    const prop = defs[kind].properties[fieldOf(err)];
    const node = prop?.$ref ? defs[prop.$ref.split('/').pop()] : prop;
    return node?.['x-msg'] ?? FALLBACK;
  }
  const node = err.parentSchema as Record<string, string> | undefined;
  return node?.['x-msg'] ?? FALLBACK;
}

/** Input filter of spec §5: spaces stripped; any other non-digit reverts to the previous value. */
export function filterDigits(previous: string, next: string, max: number): string {
  const stripped = next.replace(/\s+/g, '');
  if (!/^\d*$/.test(stripped)) return previous;
  return stripped.slice(0, max);
}

export const PHONE_LENGTH = 11;
export const CODE_LENGTH = 6;
export const TEXT_MAX = 100;
