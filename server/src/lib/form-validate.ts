import type { FastifyInstance } from 'fastify';
import { schemaStore } from '../schemas/store.js';
import { errorList, errorMessage } from '../../../src/schemas/messages.js';
import { AppError } from './envelope.js';
import { dropUnselectedBranchErrors } from '../../../src/resources/branch-errors.js';

/** Top-level fields a form schema defines (its properties and those of its dependency branches). */
function formFields(schema: Record<string, any>): Set<string> {
  const out = new Set(Object.keys(schema.properties ?? {}));
  for (const dep of Object.values<any>(schema.dependencies ?? {})) {
    for (const b of [dep, ...(dep.oneOf ?? [])]) for (const k of Object.keys(b?.properties ?? {})) out.add(k);
  }
  return out;
}

/**
 * Validates a request body with the CURRENT version of a form schema (the same file the client's
 * RJSF form uses, and whatever staff last saved). Answers 400 with the first Chinese message and
 * every failing field as {fieldErrors: {'/path': msg}} for the form's extraErrors. Returns the data
 * reduced to the fields the form defines, so nothing else reaches the database.
 */
export async function validateForm(app: FastifyInstance, schemaId: string, body: unknown): Promise<Record<string, any>> {
  const store = schemaStore(app);
  const ajv = await store.validatorAjv();
  const validate = ajv.getSchema(schemaId);
  const schema = store.lookup(schemaId);
  if (!validate || !schema) throw new Error(`Unknown form schema ${schemaId}`);
  const data = body && typeof body === 'object' && !Array.isArray(body) ? structuredClone(body as Record<string, any>) : {};
  if (!validate(data)) {
    const errors = dropUnselectedBranchErrors(validate.errors ?? []);
    const fieldErrors: Record<string, string> = {};
    for (const e of errors) {
      // Branch-selection noise of dependencies/oneOf, as in errorList.
      if (['oneOf', 'anyOf', 'const', 'if', 'dependencies'].includes(e.keyword)) continue;
      const path = e.keyword === 'required' ? `${e.instancePath}/${(e.params as any).missingProperty}` : e.instancePath;
      fieldErrors[path || '/'] ??= errorMessage(e as any);
    }
    throw new AppError(400, errorList(errors)[0] ?? '提交的内容不符合要求', { fieldErrors });
  }
  const allowed = formFields(schema);
  return Object.fromEntries(Object.entries(data).filter(([k]) => allowed.has(k)));
}
