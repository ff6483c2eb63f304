import type { FastifyInstance, FastifyRequest } from 'fastify';
import { schemaStore } from '../schemas/store.js';
import { errorList, errorMessage } from '../../../src/schemas/messages.js';
import { AppError } from '../http/envelope.js';
import { illegalTextError } from '../http/text-rule.js';
import { dropUnselectedBranchErrors } from '../../../src/schemas/branch-errors.js';
import { changedReadOnly, editLockOf, editSchema } from '../../../src/schemas/edit-variant.js';
import type Ajv from 'ajv';
import type { LumenSchema } from '../../../src/schemas/types.js';
import type { ValidateFunction } from 'ajv';

// Edit variants compiled per validator generation (the store builds a new ajv after each save).
const editValidators = new WeakMap<Ajv, Map<string, ValidateFunction>>();

function editValidator(ajv: Ajv, schemaId: string, schema: Record<string, any>): ValidateFunction {
  let byId = editValidators.get(ajv);
  if (!byId) editValidators.set(ajv, (byId = new Map()));
  let fn = byId.get(schemaId);
  if (!fn) {
    const { $id: _id, ...rest } = editSchema(schema);
    fn = ajv.compile(rest);
    byId.set(schemaId, fn);
  }
  return fn;
}

/**
 * A variant of a form the route derives from the current form and other current schemas (the work
 * form under the upload rules: src/schemas/provenance.ts workFormUnderRules). `key` names the
 * variant's inputs: equal keys must give equal schemas within one validator generation.
 */
export interface FormVariant {
  key: string;
  derive: (form: LumenSchema) => LumenSchema;
}

// Derived variants compiled per validator generation, like the edit variants.
const variantValidators = new WeakMap<Ajv, Map<string, ValidateFunction>>();

function variantValidator(ajv: Ajv, schemaId: string, variant: FormVariant, schema: LumenSchema) {
  let byKey = variantValidators.get(ajv);
  if (!byKey) variantValidators.set(ajv, (byKey = new Map()));
  const cacheKey = `${schemaId}#${variant.key}`;
  let fn = byKey.get(cacheKey);
  if (!fn) {
    const { $id: _id, ...rest } = schema;
    fn = ajv.compile(rest);
    byKey.set(cacheKey, fn);
  }
  return fn;
}

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
export async function validateForm(
  app: FastifyInstance,
  schemaId: string,
  body: unknown,
  opts: { stored?: Record<string, any>; variant?: FormVariant } = {},
): Promise<Record<string, any>> {
  const store = schemaStore(app);
  const ajv = await store.validatorAjv();
  const current = store.lookup(schemaId);
  if (!current) throw new Error(`Unknown form schema ${schemaId}`);
  // An update (opts.stored = the record as the client sees it) uses the form's edit variant.
  const derived = opts.variant && !opts.stored ? opts.variant.derive(current) : current;
  const schema = opts.stored ? editSchema(current) : derived;
  const validate =
    derived !== current
      ? variantValidator(ajv, schemaId, opts.variant!, derived)
      : schema !== current
        ? editValidator(ajv, schemaId, current)
        : ajv.getSchema(schemaId);
  if (!validate) throw new Error(`Unknown form schema ${schemaId}`);
  const data =
    body && typeof body === 'object' && !Array.isArray(body) ? structuredClone(body as Record<string, any>) : {};
  if (opts.stored) {
    const lock = editLockOf(current);
    const changed = changedReadOnly(lock, data, opts.stored);
    if (changed.length) {
      const title = (k: string) => current.properties?.[k]?.title ?? k;
      const msg = `${changed.map(title).join('、')}提交后不能修改，如需更改请撤回后重新申请`;
      throw new AppError(400, msg, { fieldErrors: Object.fromEntries(changed.map((k) => [`/${k}`, msg])) });
    }
    // A locked field the client left out keeps its stored value.
    for (const k of lock.readOnly ?? [])
      if (data[k] === undefined && opts.stored[k] !== undefined) data[k] = opts.stored[k];
  }
  // JSON bodies met this rule in the preValidation hook; a multipart form's `data` part meets it here.
  const illegal = illegalTextError(data, schema, '提交的内容', store.lookup);
  if (illegal) throw illegal;
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

/**
 * validateForm with the form the request's route names in config.formSchema, the one the API
 * reference documents as its body (server/src/http/openapi.ts): named once, the two cannot drift.
 * A route that names none is a programming error, not a bad request.
 */
export async function validateRouteForm(
  req: FastifyRequest,
  opts?: Parameters<typeof validateForm>[3],
): ReturnType<typeof validateForm> {
  const formId = req.routeOptions.config.formSchema;
  if (!formId) throw new Error(`${req.method} ${req.routeOptions.url} checks its body with no config.formSchema`);
  return validateForm(req.server, formId, req.body, opts);
}
