/**
 * Runtime view over the schema registry: bundled files plus the current versions staff saved on
 * the server (installed with setSchemaOverride by useSchema / the admin console). Pure helpers take
 * an optional lookup so the server's store can run them against its own current versions.
 */
import type { EnumBranch, EnumOption, LumenSchema, RuleScope } from './types';
import type { UploadRule } from './file-rules';

export type SchemaLookup = (id: string) => LumenSchema | undefined;

let bundled: Record<string, LumenSchema> = {};
const overrides = new Map<string, LumenSchema>();
const listeners = new Set<(id: string) => void>();

/** Called once by index.ts with the bundled map. */
export function installBundled(map: Record<string, LumenSchema>): void {
  bundled = map;
}

export const bundledSchema: SchemaLookup = (id) => bundled[id];
export const bundledIds = (): string[] => Object.keys(bundled);

/** The version in use on this client: the server's current one when fetched, else the bundled file. */
export const currentSchema: SchemaLookup = (id) => overrides.get(id) ?? bundled[id];

export function setSchemaOverride(id: string, body: LumenSchema | null): void {
  if (body) overrides.set(id, body);
  else overrides.delete(id);
  listeners.forEach((l) => l(id));
}

/** Notified when a schema's current version changes on this client (validators drop caches). */
export function onSchemaChange(fn: (id: string) => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/**
 * A lookup over a few tables imported directly, for client code that must not load the whole
 * registry (index.ts bundles every schema; the catalogue pages' first paint needs four tables).
 */
export const lookupOf =
  (...tables: LumenSchema[]): SchemaLookup =>
  (id) =>
    tables.find((t) => t.$id === id);

function branches(id: string, lookup: SchemaLookup): EnumBranch[] {
  const s = lookup(id);
  if (!s) throw new Error(`Unknown schema ${id}`);
  return (s.oneOf ?? []) as EnumBranch[];
}

/** Value/label pairs of an enumeration or status table, in schema order. */
export function enumOptions<V extends string | number = string | number>(
  id: string,
  lookup: SchemaLookup = currentSchema,
): EnumOption<V>[] {
  return branches(id, lookup).map((b) => ({ value: b.const as V, label: b.title }));
}

/** The codes of an enumeration or status table, in schema order (route schemas' `enum`, type guards). */
export function enumCodes<V extends string | number = string | number>(
  id: string,
  lookup: SchemaLookup = currentSchema,
): V[] {
  return branches(id, lookup).map((b) => b.const as V);
}

/** Chinese label of a code; the raw code as text when the table does not know it. */
export function enumLabel(
  id: string,
  value: string | number | null | undefined,
  lookup: SchemaLookup = currentSchema,
): string {
  const b = branches(id, lookup).find((x) => x.const === value || String(x.const) === String(value));
  return b ? b.title : value == null ? '' : String(value);
}

/**
 * Label of a code in a table imported directly (`import table from '.../status/x.json'`): needs no
 * installed registry, so it works in module-level data and in pages kept off the full index.
 */
export const tableLabel = (table: LumenSchema, value: string | number) => enumLabel(table.$id, value, lookupOf(table));

export const statusLabel = (tableId: string, index: string | number, lookup?: SchemaLookup) =>
  enumLabel(tableId, index, lookup);

/** antd Tag colour of a status ('default' when unknown). */
export function statusColor(tableId: string, index: string | number, lookup: SchemaLookup = currentSchema): string {
  const b = branches(tableId, lookup).find((x) => String(x.const) === String(index));
  return (b?.['x-color'] as string) ?? 'default';
}

/**
 * Resolves a file-rule reference 'lumen:rules/deposit#image' (or an inline rule object) to the
 * rule object of the current version.
 */
export function resolveRule(ref: string | UploadRule, lookup: SchemaLookup = currentSchema): UploadRule | undefined {
  if (typeof ref !== 'string') return ref;
  const [id, name] = ref.split('#');
  return lookup(id)?.['x-rules']?.[name];
}

/** The rule reference for a work category in a scope, or null when that category is not offered. */
export function ruleRefFor(
  scope: RuleScope,
  workCategory: number | string,
  lookup: SchemaLookup = currentSchema,
): string | null {
  const id = `lumen:rules/${scope}`;
  const name = lookup(id)?.['x-work-categories']?.[String(workCategory)];
  return name ? `${id}#${name}` : null;
}

/**
 * Copy of a schema with every `$ref: "lumen:..."` replaced by the referenced schema (minus its $id)
 * and the root $id removed: RJSF cannot follow external refs, and its ajv caches compiled schemas by
 * $id, which would keep serving an old version after staff edits.
 */
export function bundleSchema(
  schema: LumenSchema | Record<string, any>,
  lookup: SchemaLookup = currentSchema,
  depth = 0,
): any {
  if (depth > 20) throw new Error('Schema $ref nesting too deep');
  const walk = (node: any): any => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    if (typeof node.$ref === 'string' && node.$ref.startsWith('lumen:')) {
      const target = lookup(node.$ref);
      if (!target) throw new Error(`Unknown schema ${node.$ref}`);
      const { $ref: _ref, ...siblings } = node;
      const inlined = bundleSchema(target, lookup, depth + 1);
      // Siblings (title, default) of the $ref describe this use of it and win over the target's.
      return { ...inlined, ...walk(siblings) };
    }
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
  };
  const { $id: _id, 'x-ui': _ui, ...rest } = schema as Record<string, any>;
  return walk(rest);
}

/** `{ schema, uiSchema }` of a form, ready for an RJSF <Form>. */
export function formOf(
  id: string,
  lookup: SchemaLookup = currentSchema,
): { schema: any; uiSchema: Record<string, any> } {
  const s = lookup(id);
  if (!s) throw new Error(`Unknown schema ${id}`);
  return { schema: bundleSchema(s, lookup), uiSchema: (s['x-ui'] as Record<string, any>) ?? {} };
}
