/**
 * Regenerates packages/sdk/src/schema.d.ts from the app's OpenAPI document, built in-process
 * (no port, no server): `npm run sdk:generate`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../../server/src/app.js';
import { loadConfig } from '../../../server/src/config.js';
import { openDb } from '../../../server/src/db/index.js';
import { migrate } from '../../../server/src/db/migrate.js';
import { renderSdkTypes } from './types.js';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/schema.d.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-sdk-'));
const db = await openDb({ pgliteDir: 'memory://' });
await migrate(db);
const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }), db, logger: false });
try {
  const r = await app.inject('/api/openapi.json');
  if (r.statusCode !== 200) throw new Error(`openapi.json answered ${r.statusCode}`);
  fs.writeFileSync(out, await renderSdkTypes(r.json()));
  console.log(`wrote ${path.relative(process.cwd(), out)}`);
} finally {
  await app.close();
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
