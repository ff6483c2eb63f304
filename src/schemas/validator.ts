/**
 * The ONE ajv configuration: strict mode, ajv-formats, the project's x-* vocabulary and the
 * `x-file-rule` keyword. The server builds its instances with createAjv(); the client's RJSF uses
 * rjsfValidator (src/components/schema-form/rjsf-validator.ts), built from the same configureAjv.
 * This module stays free of RJSF so the server can import it.
 */
import Ajv, { type AnySchemaObject, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import { schemaList } from './index';
import { currentSchema, resolveRule, type SchemaLookup } from './registry';
import { checkFileList, type FileMeta, type UploadRule } from './file-rules';
import { CHECK_DIGIT_RULES } from './check-digits';

export const AJV_OPTIONS: Options = { strict: true, allErrors: true, verbose: true, allowUnionTypes: true };

/** Keywords of the project that validate (configureAjv defines them; they are not annotations). */
const VALIDATING_KEYWORDS = ['x-file-rule', 'x-decimals', 'x-check-digit'];

/** Annotation keywords of the project (data for UIs and tests, no validation effect). */
const BASE_VOCABULARY = [
  'x-spec',
  'x-color',
  'x-msg',
  'x-msg-required',
  'x-ui',
  'x-rules',
  'x-work-categories',
  'x-min-minutes',
  'x-max-minutes',
];

/** Every x-* key used in the bundled schemas, so annotations added by any domain's schema need no code change. */
export function vocabulary(): string[] {
  const keys = new Set(BASE_VOCABULARY);
  const walk = (n: any) => {
    if (Array.isArray(n)) n.forEach(walk);
    else if (n && typeof n === 'object')
      for (const [k, v] of Object.entries(n)) {
        if (k.startsWith('x-') && !VALIDATING_KEYWORDS.includes(k)) keys.add(k);
        walk(v);
      }
  };
  walk(schemaList);
  return [...keys];
}

export interface LumenAjvOptions {
  /** Where `x-file-rule: "lumen:rules/..."` references are looked up (current versions). */
  lookup?: SchemaLookup;
}

/**
 * True when a number has at most `places` decimals. Exact for doubles: the nearest double to
 * n / 10^places is what dividing the rounded integer gives back (so 0.29 passes and 1e-9 fails,
 * which multipleOf 0.01 with a float tolerance cannot tell apart).
 */
export function hasAtMostDecimals(value: number, places: number): boolean {
  const scale = 10 ** places;
  return Math.round(value * scale) / scale === value;
}

const DIGITS = ['零', '一', '两', '三', '四', '五', '六'];

/** Adds formats-independent project keywords to an ajv instance. */
export function configureAjv(ajv: Ajv, opts: LumenAjvOptions = {}): Ajv {
  const lookup = opts.lookup ?? currentSchema;
  ajv.addVocabulary(vocabulary());
  // Money in yuan: `"x-decimals": 2` keeps it a whole number of cents (the columns store cents).
  ajv.addKeyword({
    keyword: 'x-decimals',
    type: 'number',
    schemaType: 'number',
    errors: true,
    validate: function validateDecimals(places: number, data: number, parentSchema?: AnySchemaObject) {
      if (hasAtMostDecimals(data, places)) return true;
      const name = parentSchema?.title ?? '数值';
      const message = places === 0 ? `${name}必须是整数` : `${name}最多保留${DIGITS[places] ?? places}位小数`;
      (validateDecimals as unknown as { errors: unknown[] }).errors = [
        { keyword: 'x-decimals', message, params: { places } },
      ];
      return false;
    },
  });
  // Certificate numbers whose last character is a checksum (check-digits.ts): "id-card", "uscc", "tax-number".
  ajv.addKeyword({
    keyword: 'x-check-digit',
    type: 'string',
    schemaType: 'string',
    errors: true,
    validate: function validateCheckDigit(kind: string, data: string) {
      const rule = CHECK_DIGIT_RULES[kind];
      const self = validateCheckDigit as unknown as { errors: unknown[] };
      if (!rule) {
        self.errors = [{ keyword: 'x-check-digit', message: '校验规则不存在', params: { kind } }];
        return false;
      }
      if (!rule.shaped.test(data) || rule.valid(data)) return true;
      self.errors = [{ keyword: 'x-check-digit', message: rule.message, params: { kind } }];
      return false;
    },
  });
  ajv.addKeyword({
    keyword: 'x-file-rule',
    schemaType: ['string', 'object'],
    errors: true,
    // Resolved at validation time, so a rule staff just saved applies without recompiling forms.
    validate: function validateFileRule(ref: string | UploadRule, data: unknown) {
      const self = validateFileRule as unknown as { errors: unknown[] };
      const rule = resolveRule(ref, lookup);
      if (!rule) {
        self.errors = [{ keyword: 'x-file-rule', message: '上传规则不存在', params: { ref } }];
        return false;
      }
      const files = (Array.isArray(data) ? data : data == null ? [] : [data]) as FileMeta[];
      const messages = checkFileList(
        rule,
        files.filter((f) => f && typeof f === 'object'),
      );
      self.errors = messages.map((message) => ({ keyword: 'x-file-rule', message, params: { ref } }));
      return messages.length === 0;
    },
  });
  return ajv;
}

/** A strict ajv with formats and the project keywords (server validators, tests, schema checks). */
export function createAjv(opts: LumenAjvOptions & { ajv?: Options } = {}): Ajv {
  const ajv = new Ajv({ ...AJV_OPTIONS, ...opts.ajv });
  addFormats(ajv);
  return configureAjv(ajv, opts);
}
