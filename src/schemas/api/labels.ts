/**
 * Enum values in response schemas, with the Chinese labels of the contract's table (the JSON files
 * under src/schemas/enums and src/schemas/status, `oneOf` of `const` + `title`). The response side
 * carries `enum` plus an `x-enum-labels` map rather than the table's `oneOf`: fast-json-stringify
 * would test every `oneOf` branch with ajv on each answer, while `enum` costs nothing to serialize.
 */
interface LabelTable<V extends string | number> {
  title?: string;
  oneOf: ReadonlyArray<{ const: V; title: string }>;
}

type TypeOf<V> = V extends number ? 'integer' : 'string';

/** `{type, enum, x-enum-labels}` of a label table. */
export function labelled<V extends string | number>(table: LabelTable<V>, extra: { title?: string } = {}) {
  const values = table.oneOf.map((o) => o.const);
  return {
    type: (typeof values[0] === 'number' ? 'integer' : 'string') as TypeOf<V>,
    title: extra.title ?? table.title,
    enum: values,
    'x-enum-labels': Object.fromEntries(table.oneOf.map((o) => [String(o.const), o.title])),
  };
}

/** The same for a column that may be empty: null is one more value, without a label. */
export function labelledOrNull<V extends string | number>(table: LabelTable<V>, extra: { title?: string } = {}) {
  const s = labelled(table, extra);
  return { ...s, type: [s.type, 'null'] as [TypeOf<V>, 'null'], enum: [...s.enum, null] as Array<V | null> };
}

/** Only the labels, for a column whose values the table does not close (other code writes more). */
export function labelsOf(table: LabelTable<string | number>): Record<string, string> {
  return Object.fromEntries(table.oneOf.map((o) => [String(o.const), o.title]));
}
