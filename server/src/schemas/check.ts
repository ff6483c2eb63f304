/**
 * Decides whether a schema staff submitted may become the current version: it must keep its $id,
 * carry a title and description, satisfy the JSON Schema meta-schema, compile in strict mode together
 * with every other current schema, and (rules/*) satisfy the project's rule-set schema.
 * Returns the refusal reasons in Chinese ([] = acceptable).
 */
import type { ErrorObject } from 'ajv';
import { createAjv } from '../../../src/schemas/validator.js';
import { errorList, errorMessage } from '../../../src/schemas/messages.js';
import type { LumenSchema } from '../../../src/schemas/types.js';
import type { SchemaLookup } from '../../../src/schemas/registry.js';
import { crossSchemaProblems } from './references.js';
import { USE_CASES_ID, useCaseTableProblems } from '../../../src/schemas/licence/use-cases.js';
import { REVENUE_SHARE_ID, revenueShareProblems } from '../../../src/schemas/earnings/revenue-share.js';
import { DRAFTS_ID, draftPolicyProblems } from '../../../src/schemas/cyprotect/drafts.js';
import { COLLECTIVE_PLAN_ID, collectivePlanProblems } from '../../../src/schemas/cyprotect/collective-plan.js';
import { COPYRIGHT_SERVICES_ID, copyrightServiceProblems } from '../../../src/schemas/services/copyright-services.js';

/** Chinese reason for an exception ajv throws while compiling. */
function compileReason(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  let m: RegExpExecArray | null;
  if ((m = /unknown keyword: "([^"]+)"/.exec(msg))) return `未知关键字 "${m[1]}"（严格模式不允许）`;
  if ((m = /can't resolve reference (\S+)/.exec(msg))) return `引用的模式不存在：${m[1]}`;
  if ((m = /unknown format "([^"]+)"/.exec(msg))) return `未知格式 "${m[1]}"`;
  if ((m = /required property "([^"]+)" is not defined/.exec(msg))) return `必填字段 "${m[1]}" 未在 properties 中定义`;
  if (/strict mode/.test(msg)) return `严格模式检查未通过（${msg.replace(/^strict mode:\s*/, '')}）`;
  return `无法编译（${msg}）`;
}

const at = (e: ErrorObject) => `位置 ${e.instancePath || '/'}：${errorMessage(e)}`;

export function checkCandidate(id: string, body: unknown, current: SchemaLookup, allIds: string[]): string[] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return ['模式必须是一个 JSON 对象'];
  const s = body as LumenSchema;
  const reasons: string[] = [];
  if (s.$id !== id) reasons.push(`$id 必须保持为 ${id}`);
  if (typeof s.title !== 'string' || !s.title.trim()) reasons.push('缺少标题（title）');
  if (typeof s.description !== 'string' || !s.description.trim()) reasons.push('缺少说明（description）');
  if (reasons.length) return reasons;

  const lookup: SchemaLookup = (x) => (x === id ? s : current(x));
  const ajv = createAjv({ lookup });
  if (!ajv.validateSchema(s)) return (ajv.errors ?? []).slice(0, 5).map((e) => `不符合 JSON Schema 规范，${at(e)}`);
  try {
    for (const other of allIds) ajv.addSchema(lookup(other)!);
    // Compiling everything catches broken refs and strict-mode faults here and in schemas that use this one.
    for (const other of allIds) ajv.getSchema(other);
  } catch (e) {
    return [compileReason(e)];
  }

  if (id.startsWith('lumen:rules/')) {
    const ruleSet = ajv.getSchema('lumen:meta/rule-set')!;
    if (!ruleSet(s))
      return errorList(ruleSet.errors)
        .map((m, i) => `上传规则不符合规则对象结构，位置 ${ruleSet.errors?.[i]?.instancePath || '/'}：${m}`)
        .slice(0, 5);
    for (const [code, name] of Object.entries(s['x-work-categories'] as Record<string, string>)) {
      if (!s['x-rules'][name]) reasons.push(`作品类别 ${code} 指向不存在的规则 "${name}"`);
    }
  }
  if (reasons.length) return reasons;

  // A save must not break other schemas (a renamed rule, a form pointing at a missing rule, a
  // category mapping that the form and the rule set state differently). Only problems this save
  // introduces are refused, so a pre-existing fault never blocks the save that repairs another.
  const before = new Set(crossSchemaProblems(current, allIds, ajv));
  reasons.push(...crossSchemaProblems(lookup, allIds, ajv).filter((r) => !before.has(r)));

  // Checkout prices and enforces from this table (services/checkout.ts): refuse what it cannot use.
  if (id === USE_CASES_ID) reasons.push(...useCaseTableProblems(s));
  // Every payment credits creators with this rule (services/earnings.ts).
  if (id === REVENUE_SHARE_ID) reasons.push(...revenueShareProblems(s));
  if (id === DRAFTS_ID) reasons.push(...draftPolicyProblems(s));
  if (id === COLLECTIVE_PLAN_ID) reasons.push(...collectivePlanProblems(s));
  // Service orders price and grant quotas from this catalogue (services/service-orders.ts).
  if (id === COPYRIGHT_SERVICES_ID) reasons.push(...copyrightServiceProblems(s));
  return reasons;
}
