import { bundleSchema, currentSchema, type SchemaLookup } from '../../schemas/registry';
import { ruleSummary, type UploadRule } from '../../schemas/file-rules';
import type { LumenSchema } from '../../schemas/types';

/**
 * What the staff console previews for a draft: a form schema previews as itself; an enumeration or
 * status table as one field; a rule set as one file field per rule, each carrying the draft's rule
 * object inline, so the preview applies the edit before it is saved.
 */
export function previewOf(id: string, draft: LumenSchema): { schema: any; uiSchema: Record<string, any> } {
  // Refs inside the draft resolve to the other current schemas; a self-reference sees the draft.
  const lookup: SchemaLookup = (x) => (x === id ? draft : currentSchema(x));
  if (draft['x-rules']) {
    const rules = draft['x-rules'] as Record<string, UploadRule>;
    const properties = Object.fromEntries(
      Object.entries(rules).map(([name, rule]) => [
        name,
        { title: name, description: ruleSummary(rule), type: 'array', items: { $ref: 'lumen:meta/file-meta' }, 'x-file-rule': rule },
      ]),
    );
    const uiSchema = Object.fromEntries(Object.keys(rules).map((n) => [n, { 'ui:widget': 'lumenFile' }]));
    return { schema: bundleSchema({ type: 'object', title: draft.title, properties }, lookup), uiSchema };
  }
  if (draft.type === 'object' || draft.properties) return { schema: bundleSchema(draft, lookup), uiSchema: (draft['x-ui'] as Record<string, any>) ?? {} };
  return { schema: bundleSchema({ type: 'object', properties: { value: { ...draft } } }, lookup), uiSchema: {} };
}
