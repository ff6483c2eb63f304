/**
 * The production topology of docs/operations.md as local processes, for a look in a browser:
 * nginx (TLS, self-signed) -> two app servers -> one PostgreSQL database and one S3 bucket, and a worker.
 *
 *   TEST_DATABASE_URL=postgres://lumen:lumen@127.0.0.1:5432/lumen_test npx tsx scripts/topology.ts [--client DIR]
 *
 * Works in a fresh copy (or schema) of that database and drops it again; serves the client built in
 * ./dist (npm run build) unless --client names another build. Ctrl-C stops everything.
 */
import fs from 'node:fs';
import path from 'node:path';
import { startTopology } from '../tests/helpers/topology.js';

const databaseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('topology: set TEST_DATABASE_URL or DATABASE_URL to a PostgreSQL database');
  process.exit(2);
}
const at = process.argv.indexOf('--client');
const clientDir = path.resolve(at > 0 ? process.argv[at + 1] : 'dist');
if (!fs.existsSync(path.join(clientDir, 'index.html'))) {
  console.error(`topology: no client build in ${clientDir} (npm run build, or --client DIR)`);
  process.exit(2);
}

const t = await startTopology({ databaseUrl, clientDir, echo: process.stdout });
console.log(
  `\nLumen behind nginx: ${t.url}  (self-signed certificate; app servers ${t.apps.map((a) => a.origin).join(', ')})`,
);
console.log('Ctrl-C stops nginx, the app servers, the worker and the bucket, and drops the database copy.');
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await t.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
