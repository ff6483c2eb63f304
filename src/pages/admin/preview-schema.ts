import { bundleSchema, currentSchema, enumLabel, type SchemaLookup } from '../../schemas/registry';
import { kindNoun, ruleSummary, type UploadRule } from '../../schemas/file-rules';
import type { LumenSchema } from '../../schemas/types';

/**
 * What the staff console previews for a draft: a form schema previews as itself; an enumeration or
 * status table as one field; a rule set as one file field per rule, each carrying the draft's rule
 * object inline, so the preview applies the edit before it is saved.
 */
/**
 * Chinese title of a rule in a rule set: its own title, else its kind and the work categories that
 * use it ('图片 · 美术作品、摄影作品等6类'); rule keys (image, modelImage) are code, not UI text.
 */
export function ruleTitle(
  name: string,
  rule: UploadRule,
  categories: Record<string, string> = {},
  lookup: SchemaLookup = currentSchema,
): string {
  if (rule.title?.trim()) return rule.title.trim();
  const noun = kindNoun(rule.kind) ?? '文件';
  const codes = Object.entries(categories)
    .filter(([, n]) => n === name)
    .map(([c]) => c);
  if (!codes.length) return `${noun} · 未关联作品类别`;
  const labels = codes.map((c) => enumLabel('lumen:enums/work-category', Number(c), lookup));
  return `${noun} · ${labels.slice(0, 3).join('、')}${labels.length > 3 ? `等${labels.length}类` : ''}`;
}

export function previewOf(id: string, draft: LumenSchema): { schema: any; uiSchema: Record<string, any> } {
  // Refs inside the draft resolve to the other current schemas; a self-reference sees the draft.
  const lookup: SchemaLookup = (x) => (x === id ? draft : currentSchema(x));
  if (draft['x-rules']) {
    const rules = draft['x-rules'] as Record<string, UploadRule>;
    const properties = Object.fromEntries(
      Object.entries(rules).map(([name, rule]) => [
        name,
        {
          title: ruleTitle(name, rule, draft['x-work-categories'] as Record<string, string>, lookup),
          description: ruleSummary(rule),
          type: 'array',
          items: { $ref: 'lumen:meta/file-meta' },
          'x-file-rule': rule,
        },
      ]),
    );
    const uiSchema = Object.fromEntries(Object.keys(rules).map((n) => [n, { 'ui:widget': 'lumenFile' }]));
    return { schema: bundleSchema({ type: 'object', title: draft.title, properties }, lookup), uiSchema };
  }
  if (draft.type === 'object' || draft.properties)
    return { schema: bundleSchema(draft, lookup), uiSchema: (draft['x-ui'] as Record<string, any>) ?? {} };
  return { schema: bundleSchema({ type: 'object', properties: { value: { ...draft } } }, lookup), uiSchema: {} };
}
