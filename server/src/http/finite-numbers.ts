/**
 * ajv coerces the string "1e400" (or "Infinity") to Infinity for an integer or number schema and
 * then skips minimum/maximum, which only test finite numbers; so `/api/order/1e400` reached SQL.
 * Strings in params, query or a form-encoded body headed for a numeric schema must be finite.
 */
import { AppError } from './envelope.js';
import { isWalkable, type Schema } from './text-rule.js';

const isNumeric = (node: Schema | undefined) =>
  !!node && [node.type].flat().some((t) => t === 'integer' || t === 'number');

/** Infinity once coerced (NaN is left to ajv, which refuses it). */
const overflows = (v: unknown) => typeof v === 'string' && Math.abs(Number(v)) === Infinity;

/** A 400 naming the first numeric field whose string value overflows to Infinity, or null. */
export function nonFiniteNumberError(values: unknown, schema: Schema | undefined): AppError | null {
  if (!isWalkable(values) || !schema?.properties) return null;
  for (const [k, v] of Object.entries(values)) {
    const node = schema.properties[k];
    if (isNumeric(node) && [v].flat().some(overflows)) return new AppError(400, `${node.title ?? k}格式不正确`);
  }
  return null;
}
