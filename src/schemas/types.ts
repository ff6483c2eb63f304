/** A registered schema: plain JSON Schema (draft-07 + the x-* vocabulary) with the Unleash-style trio. */
export type LumenSchema = { $id: string; title: string; description: string } & Record<string, any>;

/** One entry of an enumeration or status table (`oneOf` branch). */
export interface EnumBranch {
  const: string | number;
  title: string;
  'x-spec'?: string;
  'x-color'?: string;
  [k: string]: unknown;
}

export interface EnumOption<V = string | number> {
  value: V;
  label: string;
}

/** The three upload-rule scopes of spec §5. */
export type RuleScope = 'deposit' | 'registration' | 'dci' | 'certification' | 'material';
