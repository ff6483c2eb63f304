import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A route checks its JSON body with validateRouteForm(req), which reads the form from the route's
 * config.formSchema, the form the OpenAPI document shows as the body (server/src/http/openapi.ts): one
 * name, nothing to keep in step. A form named in the call is left only where it is not the route's
 * body, and each of those is documented by the same name in the route's config.requestBody.
 */
const ROUTES = 'server/src/routes';
const EXPLICIT: Record<string, string[]> = {
  // The multipart `data` part; formUploadBody documents it from the same FormUploadFields.
  'form-upload.ts': ['validateForm(app, spec.schemaId, body)'],
  // Each work of POST / and /batch (its variant under the upload rules); CREATE_BODY and BATCH_BODY document WORK_FORM with `submit`.
  'works.ts': ['validateForm(app, WORK_FORM, item, { variant })'],
};

describe('form-checked routes name their form once', () => {
  it('a route module names a form in a validateForm call only where the form is not its body', () => {
    const found: Record<string, string[]> = {};
    for (const file of fs.readdirSync(ROUTES).filter((f) => f.endsWith('.ts') && f !== 'form-validate.ts')) {
      const calls = fs.readFileSync(path.join(ROUTES, file), 'utf8').match(/validateForm\([^)]*\)/g);
      if (calls) found[file] = calls;
    }
    expect(found).toEqual(EXPLICIT);
  });
});
