/**
 * Prints what schema validation costs: rebuilding the server's validators after a staff save
 * (strict compile of every current schema), one form validation, and server upload checks.
 * Run: node --import tsx bench/schema-validators.ts
 */
import { performance } from 'node:perf_hooks';
import { schemaList } from '../src/schemas/index.js';
import { createAjv } from '../src/schemas/validator.js';
import { resolveRule } from '../src/schemas/registry.js';
import { checkUploadedFile } from '../server/src/security/file-check.js';
import { makeMedia, noisePng } from '../tests/helpers/media.js';

async function time(label: string, runs: number, fn: () => unknown | Promise<unknown>) {
  await fn();
  const t = performance.now();
  for (let i = 0; i < runs; i++) await fn();
  console.log(`${label}: ${((performance.now() - t) / runs).toFixed(2)} ms (mean of ${runs})`);
}

await time(`rebuild validators (${schemaList.length} schemas, strict compile)`, 20, () => {
  const ajv = createAjv();
  for (const s of schemaList) ajv.addSchema(s);
  for (const s of schemaList) ajv.getSchema(s.$id);
});
const ajv = createAjv();
for (const s of schemaList) ajv.addSchema(s);
const cert = ajv.getSchema('lumen:forms/certification-company')!;
const data = {
  certificateType: 2,
  orgKind: 'organisation',
  companyName: '流明科技有限公司',
  legalPerson: '李四',
  certificate: 'BUSINESS_LICENSE',
  certificateNo: '91310000MA1FL0XX1X',
  licenseImage: [{ name: 'a.png', size: 1e6, type: 'image/png' }],
};
await time('validate one company certification form', 20000, () => cert(data));
const png = await noisePng(1000, 1000);
await time('server check of a 3 MB PNG (type, size, pixels)', 50, () =>
  checkUploadedFile(resolveRule('lumen:rules/deposit#image')!, { buffer: png, filename: 'a.png' }),
);
for (const ext of ['mp4', 'avi', 'wmv'] as const) {
  const file = await makeMedia(11, ext);
  await time(`server check of an 11 s ${ext.toUpperCase()} (type, duration)`, 10, () =>
    checkUploadedFile(resolveRule('lumen:rules/deposit#video')!, { path: file, filename: `v.${ext}` }),
  );
}
