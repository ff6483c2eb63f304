import Fastify from 'fastify';
import { assertProductionSecrets, loadConfig } from '../config.js';
import { openDb } from '../db/index.js';
import { openStorage } from '../storage/index.js';
import { startWorker } from './worker.js';
import { definedTaskNames } from './registry.js';
import './tasks.js';

/**
 * `npm run worker`: runs jobs without the HTTP server, for PostgreSQL deployments (start app servers
 * with JOBS_IN_PROCESS=0 and as many of these as the machines allow). PGlite admits one process,
 * so there the app server runs its jobs itself. The app server migrates; this process only checks.
 */
const GRACE_MS = Number(process.env.JOBS_GRACE_MS ?? 10_000);
const config = loadConfig();
assertProductionSecrets(config);
// Fastify's logger (pino) without a server, so worker and app logs look alike.
const log = Fastify({ logger: { level: config.logLevel } }).log;
if (!config.databaseUrl) {
  log.error('npm run worker needs DATABASE_URL: PGlite admits one process, where the app server runs jobs itself (JOBS_IN_PROCESS=1).');
  process.exit(1);
}
const db = await openDb({ databaseUrl: config.databaseUrl });
if (!(await db.query("SELECT to_regclass('jobs') AS t")).rows[0].t) {
  log.error('The jobs table does not exist yet: start the app server (or npm run seed) once to migrate the database.');
  await db.close();
  process.exit(1);
}
const worker = startWorker({ db, storage: openStorage(config), config, log });
log.info({ worker: worker.id, tasks: definedTaskNames() }, 'job worker started');

let closing = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, async () => {
    if (closing) return;
    closing = true;
    log.info(`${sig} received, finishing running jobs (up to ${GRACE_MS} ms)`);
    await worker.stop(GRACE_MS);
    await db.close();
    process.exit(0);
  });
}
