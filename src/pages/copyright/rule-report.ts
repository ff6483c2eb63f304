import { checkFileMeta, extensionOf, ruleSummary, type FileMeta, type UploadRule } from '../../schemas/file-rules';
import { currentSchema, type SchemaLookup } from '../../schemas/registry';

/** The rule sets a file can be checked against on /tool, with the service each belongs to. */
export const RULE_SETS = [
  { id: 'lumen:rules/material', service: '素材上传' },
  { id: 'lumen:rules/deposit', service: '版权存证' },
  { id: 'lumen:rules/registration', service: '版权登记' },
  { id: 'lumen:rules/dci', service: 'DCI 登记' },
] as const;

export interface RuleRow {
  key: string;
  service: string;
  rule: string;
  summary: string;
  /** null = the file meets the rule; else the first rule it breaks, in Chinese. */
  problem: string | null;
}

/**
 * How one file fares against every upload rule of the current schemas that takes its kind of file
 * (its extension is listed, or the rule accepts any file): the same checkFileMeta the upload forms
 * run, so /tool answers exactly what the upload would.
 */
export function ruleReport(meta: FileMeta, lookup: SchemaLookup = currentSchema): RuleRow[] {
  const ext = extensionOf(meta.name);
  const rows: RuleRow[] = [];
  for (const set of RULE_SETS) {
    const rules = (lookup(set.id)?.['x-rules'] ?? {}) as Record<string, UploadRule>;
    for (const [name, rule] of Object.entries(rules)) {
      if (rule.kind !== 'any' && !rule.extensions.map((e) => e.toLowerCase()).includes(ext)) continue;
      rows.push({
        key: `${set.id}#${name}`,
        service: set.service,
        rule: rule.title ?? name,
        summary: ruleSummary(rule),
        problem: checkFileMeta(rule, meta),
      });
    }
  }
  return rows;
}
