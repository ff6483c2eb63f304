import { describe, expect, it } from 'vitest';
import { schemaList, schemas, bundleSchema, formOf } from '../../../src/schemas';
import { createAjv } from '../../../src/schemas/validator';

const ID = /^lumen:(enums|status|rules|forms|meta|licence|review|api|earnings|services|cyprotect)\/[a-z0-9-]+$/;

describe('schema registry lint (Unleash rules)', () => {
  it.each(schemaList.map((s) => [s.$id, s] as const))('%s has a stable $id, a title and a description', (_id, s) => {
    expect(s.$id).toMatch(ID);
    expect(typeof s.title === 'string' && s.title.length > 0).toBe(true);
    expect(typeof s.description === 'string' && s.description.length > 0).toBe(true);
  });

  it('ids are unique', () => {
    expect(Object.keys(schemas)).toHaveLength(schemaList.length);
  });

  it('every schema compiles under strict ajv with all others registered', () => {
    const ajv = createAjv();
    for (const s of schemaList) ajv.addSchema(s);
    for (const s of schemaList) expect(() => ajv.getSchema(s.$id), s.$id).not.toThrow();
    for (const s of schemaList) expect(ajv.getSchema(s.$id), s.$id).toBeTypeOf('function');
  });

  it('every schema still compiles strictly once lumen: refs are inlined (what RJSF receives)', () => {
    const ajv = createAjv();
    for (const s of schemaList) expect(() => ajv.compile(bundleSchema(s)), s.$id).not.toThrow();
  });

  it('the login forms are registered under lumen:forms/login and each definition compiles with the shared ajv', () => {
    expect(schemas['lumen:forms/login']).toBeDefined();
    const ajv = createAjv();
    ajv.addSchema(schemas['lumen:forms/login']);
    for (const kind of ['login', 'passwordLogin', 'passwordForm', 'bind', 'smsSend', 'smsPhone'])
      expect(ajv.getSchema(`lumen:forms/login#/definitions/${kind}`), kind).toBeTypeOf('function');
  });

  it('strict mode refuses unknown keywords (the lint has teeth)', () => {
    const ajv = createAjv();
    expect(() => ajv.compile({ type: 'object', propertiez: {} })).toThrow(/unknown keyword/);
  });

  it('rule sets satisfy the rule-set and upload-rule meta-schemas, and categories point at existing rules', () => {
    const ajv = createAjv();
    for (const s of schemaList) ajv.addSchema(s);
    const check = ajv.getSchema('lumen:meta/rule-set')!;
    for (const s of schemaList.filter((x) => x.$id.startsWith('lumen:rules/'))) {
      expect(check(s), `${s.$id} ${JSON.stringify(check.errors)}`).toBe(true);
      for (const name of Object.values(s['x-work-categories'] as Record<string, string>))
        expect(s['x-rules'][name], `${s.$id} ${name}`).toBeDefined();
    }
  });

  it('forms come with their uiSchema and no external refs left', () => {
    for (const s of schemaList.filter((x) => x.$id.startsWith('lumen:forms/'))) {
      const { schema, uiSchema } = formOf(s.$id);
      expect(JSON.stringify(schema)).not.toContain('"$ref":"lumen:');
      expect(schema.$id).toBeUndefined();
      expect(uiSchema).toBeTypeOf('object');
    }
  });
});
