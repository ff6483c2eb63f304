import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp } from '../helpers/app.js';
import { renderSdkTypes } from '../../packages/sdk/scripts/types.js';

/**
 * The SDK's committed types (packages/sdk/src/schema.d.ts) are what openapi-typescript makes of the
 * app's current OpenAPI document: a route or schema change without `npm run sdk:generate` fails here.
 */
describe('SDK types', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  it('match the OpenAPI document of the public API', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    const committed = fs.readFileSync('packages/sdk/src/schema.d.ts', 'utf8');
    const current = await renderSdkTypes(doc);
    expect(current.includes('"/api/v1/licences"')).toBe(true);
    expect(committed === current, 'packages/sdk/src/schema.d.ts is stale: run npm run sdk:generate').toBe(true);
  });
});
