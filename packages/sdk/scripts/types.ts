/**
 * The SDK's types from the app's OpenAPI document: only the public surface (/api/v1) and the
 * components it uses, run through openapi-typescript. Shared by the generate script and the test
 * that fails when the committed types drift from the document.
 */
import openapiTS, { astToString } from 'openapi-typescript';

const PUBLIC_PREFIX = '/api/v1/';

type Doc = { paths: Record<string, unknown>; tags?: Array<{ name: string }>; [k: string]: unknown };

/** The document cut down to the paths an API key may call. */
export function publicDocument(doc: Doc): Doc {
  const paths = Object.fromEntries(Object.entries(doc.paths).filter(([p]) => p.startsWith(PUBLIC_PREFIX)));
  return { ...doc, paths, tags: (doc.tags ?? []).filter((t) => JSON.stringify(paths).includes(`"${t.name}"`)) };
}

const HEADER = `/**
 * Generated from /api/openapi.json by packages/sdk/scripts/generate.ts (openapi-typescript).
 * Do not edit: run \`npm run sdk:generate\`; tests/api/sdk-types.test.ts fails when this drifts.
 */
`;

/** The text of src/schema.d.ts for an OpenAPI document. */
export async function renderSdkTypes(doc: Doc): Promise<string> {
  const ast = await openapiTS(publicDocument(doc) as never, { alphabetize: true });
  return HEADER + astToString(ast);
}
