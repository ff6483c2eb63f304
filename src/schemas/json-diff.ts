/** A change at one JSON pointer path between two versions of a schema. */
export interface DiffEntry {
  path: string;
  op: 'add' | 'remove' | 'replace';
  from?: unknown;
  to?: unknown;
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const esc = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The changed leaves between a and b, as JSON pointer paths. Arrays are compared as values (a
 * changed list is one 'replace'), which is what staff read in a rule's history.
 */
export function jsonDiff(a: unknown, b: unknown, path = '', out: DiffEntry[] = [], limit = 200): DiffEntry[] {
  if (out.length >= limit) return out;
  if (isObj(a) && isObj(b)) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const p = `${path}/${esc(k)}`;
      if (!(k in b)) out.push({ path: p, op: 'remove', from: a[k] });
      else if (!(k in a)) out.push({ path: p, op: 'add', to: b[k] });
      else jsonDiff(a[k], b[k], p, out, limit);
    }
    return out;
  }
  if (JSON.stringify(a) !== JSON.stringify(b)) out.push({ path: path || '/', op: 'replace', from: a, to: b });
  return out;
}
