/**
 * Checks that hold ACROSS schemas, which compiling one candidate cannot see: every x-file-rule
 * reference resolves, every rule object is coherent (min <= max, positive sizes), and each form's
 * work-category branches agree with its rule set's x-work-categories (the browser form picks the
 * rule from the branches, the server's content check from x-work-categories). Messages are Chinese.
 */
import type Ajv from 'ajv';
import type { LumenSchema } from '../../../src/schemas/types.js';
import { resolveRule, type SchemaLookup } from '../../../src/schemas/registry.js';
import { errorList } from '../../../src/schemas/messages.js';
import type { UploadRule } from '../../../src/schemas/file-rules.js';

/** Problems of one rule object that its structural schema cannot express. */
export function ruleProblems(where: string, rule: Partial<UploadRule>): string[] {
  const out: string[] = [];
  const pairs: Array<[keyof UploadRule, keyof UploadRule, string]> = [
    ['minWidth', 'maxWidth', '宽度'],
    ['minHeight', 'maxHeight', '高度'],
  ];
  for (const [lo, hi, noun] of pairs) {
    const a = rule[lo] as number | undefined;
    const b = rule[hi] as number | undefined;
    if (typeof a === 'number' && typeof b === 'number' && a > b)
      out.push(`${where} 的最小${noun}（${a}像素）大于最大${noun}（${b}像素）`);
  }
  for (const [k, noun] of [
    ['maxBytes', '大小上限'],
    ['maxCount', '文件数上限'],
    ['minDurationSec', '最短时长'],
  ] as const) {
    const v = rule[k];
    if (v !== undefined && !(typeof v === 'number' && v > 0)) out.push(`${where} 的${noun}必须大于0`);
  }
  return out;
}

type Visit = (node: Record<string, any>) => void;
function walk(n: unknown, visit: Visit): void {
  if (Array.isArray(n)) n.forEach((x) => walk(x, visit));
  else if (n && typeof n === 'object') {
    visit(n as Record<string, any>);
    Object.values(n).forEach((x) => walk(x, visit));
  }
}

/** File-rule references and inline rule objects of one schema. */
function fileRuleProblems(schema: LumenSchema, lookup: SchemaLookup, ajv: Ajv): string[] {
  const out: string[] = [];
  const ruleSchema = ajv.getSchema('lumen:meta/upload-rule')!;
  walk(schema, (node) => {
    const ref = node['x-file-rule'];
    if (typeof ref === 'string') {
      if (!resolveRule(ref, lookup)) out.push(`${schema.$id} 引用的上传规则 "${ref}" 不存在`);
    } else if (ref && typeof ref === 'object') {
      const where = `${schema.$id} 的内联上传规则`;
      if (!ruleSchema(ref)) out.push(...errorList(ruleSchema.errors).map((m) => `${where}：${m}`));
      else out.push(...ruleProblems(where, ref));
    }
  });
  if (schema.$id.startsWith('lumen:rules/'))
    for (const [name, rule] of Object.entries((schema['x-rules'] ?? {}) as Record<string, UploadRule>))
      out.push(...ruleProblems(`规则 "${name}"`, rule));
  return out;
}

/** code -> rule reference, as a form's dependencies.workCategory.oneOf branches state it. */
function formCategoryMap(form: LumenSchema): Map<string, string> | null {
  const branches = form.dependencies?.workCategory?.oneOf;
  if (!Array.isArray(branches)) return null;
  const map = new Map<string, string>();
  for (const b of branches) {
    const ref = b?.properties?.files?.['x-file-rule'];
    const codes = (b?.properties?.workCategory?.oneOf ?? []).map((x: any) => x?.const);
    if (typeof ref === 'string') for (const c of codes) map.set(String(c), ref);
  }
  return map;
}

/** Codes the form's workCategory field itself accepts: the enumeration minus a `not: { enum }`. */
function acceptedCodes(form: LumenSchema, lookup: SchemaLookup): string[] | null {
  const field = form.properties?.workCategory;
  const enumeration = typeof field?.$ref === 'string' ? lookup(field.$ref) : null;
  if (!enumeration?.oneOf) return null;
  const excluded = new Set(((field.not?.enum ?? []) as unknown[]).map(String));
  return (enumeration.oneOf as Array<{ const: unknown }>).map((b) => String(b.const)).filter((c) => !excluded.has(c));
}

/** Key-order-independent JSON, to compare two rule objects by content. */
const canonical = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(canonical).join(',')}]`
    : v && typeof v === 'object'
      ? `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((v as any)[k])}`)
          .join(',')}}`
      : JSON.stringify(v);

const list = (codes: Iterable<string>) => [...codes].sort((a, b) => Number(a) - Number(b)).join('、');

/** Form branches versus the rule set's x-work-categories, and versus the codes the field accepts. */
function categoryProblems(form: LumenSchema, lookup: SchemaLookup): string[] {
  const byForm = formCategoryMap(form);
  if (!byForm || !byForm.size) return [];
  const setIds = new Set([...byForm.values()].map((r) => r.split('#')[0]));
  if (setIds.size !== 1) return [`${form.$id} 的作品类别分支引用了多个规则集（${[...setIds].join('、')}）`];
  const [setId] = setIds;
  const byRules = new Map(
    Object.entries((lookup(setId)?.['x-work-categories'] ?? {}) as Record<string, string>).map(([c, n]) => [
      c,
      `${setId}#${n}`,
    ]),
  );
  const out: string[] = [];
  const onlyForm = [...byForm.keys()].filter((c) => !byRules.has(c));
  const onlyRules = [...byRules.keys()].filter((c) => !byForm.has(c));
  // Compared by the rules' content, not their names: staff can then rename a rule in steps (add a
  // copy, point the form at it, point x-work-categories at it, delete the old one).
  const same = (a: string, b: string) =>
    a === b || canonical(resolveRule(a, lookup)) === canonical(resolveRule(b, lookup));
  const differ = [...byForm.keys()].filter((c) => byRules.has(c) && !same(byForm.get(c)!, byRules.get(c)!));
  if (onlyForm.length)
    out.push(
      `${form.$id} 为作品类别 ${list(onlyForm)} 提供了上传分支，但 ${setId} 的 x-work-categories 未列出这些类别`,
    );
  if (onlyRules.length)
    out.push(`${setId} 的 x-work-categories 列出了作品类别 ${list(onlyRules)}，但 ${form.$id} 没有对应的上传分支`);
  for (const c of differ)
    out.push(
      `作品类别 ${c}：${form.$id} 使用 "${byForm.get(c)}"，而 ${setId} 的 x-work-categories 指定 "${byRules.get(c)}"`,
    );
  const accepted = acceptedCodes(form, lookup);
  const unbranched = accepted?.filter((c) => !byForm.has(c)) ?? [];
  if (unbranched.length)
    out.push(
      `${form.$id} 的作品类别字段可选 ${list(unbranched)}，但没有对应的上传分支（请在 not.enum 中排除或补充分支）`,
    );
  return out;
}

/** Every cross-schema problem of a set of current schemas. */
export function crossSchemaProblems(lookup: SchemaLookup, ids: string[], ajv: Ajv): string[] {
  return ids.flatMap((id) => {
    const s = lookup(id);
    return s ? [...fileRuleProblems(s, lookup, ajv), ...categoryProblems(s, lookup)] : [];
  });
}
