import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A route that checks its body in the handler with validateForm(app, '<form id>', …) names the same
 * form in its config.formSchema: the OpenAPI document shows that form as the route's body
 * (server/src/http/openapi.ts), and an illegal character is reported with the form's field titles.
 */
const ROUTES = 'server/src/routes';
const CHECKED = /validateForm\(app, '(lumen:forms\/[\w-]+)'/g;

describe('form-checked routes name their form', () => {
  it('every form a route module checks a body with is named in a formSchema of that module', () => {
    const missing: string[] = [];
    for (const file of fs.readdirSync(ROUTES).filter((f) => f.endsWith('.ts'))) {
      const src = fs.readFileSync(path.join(ROUTES, file), 'utf8');
      for (const [, id] of src.matchAll(CHECKED)) {
        if (!src.includes(`formSchema: '${id}'`)) missing.push(`${file}: ${id}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
