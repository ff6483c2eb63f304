/**
 * Chinese text for ajv errors, shared by the RJSF localizer and the server's validateWith, so a
 * form and its API answer say the same thing. A schema node's `x-msg` wins over the generic text.
 */
import type { ErrorObject } from 'ajv';

type Err = ErrorObject & { parentSchema?: Record<string, any> };

// RJSF quotes missingProperty ('name') before calling its localizer.
const missing = (e: Err) => String((e.params as any).missingProperty).replace(/^'(.*)'$/, '$1');

/** Field name for messages: the node's title, else the last path segment. */
function fieldName(e: Err): string {
  if (e.keyword === 'required') {
    const prop = missing(e);
    return e.parentSchema?.properties?.[prop]?.title ?? prop;
  }
  return e.parentSchema?.title ?? e.instancePath.split('/').pop() ?? '';
}

/** One Chinese sentence for one ajv error. */
export function errorMessage(e: Err): string {
  // Custom keywords (x-file-rule) already carry their Chinese text.
  if (e.keyword.startsWith('x-')) return e.message ?? '文件不符合要求';
  const p = e.params as Record<string, any>;
  const name = fieldName(e);
  if (e.keyword === 'required') {
    const child = e.parentSchema?.properties?.[missing(e)];
    return child?.['x-msg-required'] ?? (child?.['x-file-rule'] ? `请上传${name}` : `请填写${name}`);
  }
  if (e.parentSchema?.['x-msg'] && !['oneOf', 'anyOf', 'if', 'dependencies'].includes(e.keyword))
    return e.parentSchema['x-msg'];
  switch (e.keyword) {
    case 'maxLength':
      return `${name}长度不能超过${p.limit}个字符`;
    case 'minLength':
      return p.limit === 1 ? `请填写${name}` : `${name}长度不能少于${p.limit}个字符`;
    case 'minItems':
      return p.limit === 1 ? `请上传${name}` : `${name}至少需要${p.limit}项`;
    case 'maxItems':
      return `${name}最多${p.limit}项`;
    case 'const':
    case 'enum':
    case 'oneOf':
    case 'anyOf':
      return `${name}的取值不在允许范围内`;
    case 'type':
      return `${name}格式不正确`;
    case 'pattern':
    case 'format':
      return `${name}格式不正确`;
    case 'minimum':
    case 'exclusiveMinimum':
      return `${name}不能小于${p.limit}`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `${name}不能大于${p.limit}`;
    case 'additionalProperties':
      return `不允许的字段：${p.additionalProperty}`;
    case 'uniqueItems':
      return `${name}不能有重复项`;
    default:
      return `${name}不符合要求`;
  }
}

/** RJSF localizer: rewrites messages in place. */
export function localizeErrors(errors?: null | ErrorObject[]): void {
  for (const e of errors ?? []) e.message = errorMessage(e as Err);
}

/**
 * Distinct messages of a failed validation, most useful first: branch-selection noise
 * (oneOf/const of non-matching branches) only when nothing more specific was reported.
 */
export function errorList(errors?: null | ErrorObject[]): string[] {
  const all = (errors ?? []) as Err[];
  const specific = all.filter((e) => !['oneOf', 'anyOf', 'const', 'if', 'dependencies'].includes(e.keyword));
  const chosen = specific.length ? specific : all;
  return [...new Set(chosen.map(errorMessage))];
}
