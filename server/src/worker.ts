import Fastify from 'fastify';
import { assertProductionSecrets, loadConfig } from './config.js';
import { openDb } from './db/index.js';
import { migrate } from './db/migrate.js';
import { openStorage } from './storage/index.js';
import { startWorker } from './jobs/worker.js';
import { definedTaskNames } from './jobs/registry.js';
import './tasks.js';
import { prettyLog } from './http/pretty-log.js';

/**
 * `npm run worker`: runs jobs without the HTTP server, for PostgreSQL deployments (start app servers
 * with JOBS_IN_PROCESS=0 and as many of these as the machines allow). PGlite admits one process,
 * so there the app server runs its jobs itself. Migrations run under an advisory lock, so a worker
 * starting beside app servers migrates safely too.
 */
const GRACE_MS = Number(process.env.JOBS_GRACE_MS ?? 10_000);
const config = loadConfig();
assertProductionSecrets(config);
// Fastify's logger (pino) without a server, so worker and app logs look alike.
const log = Fastify({
  logger: { level: config.logLevel, ...(config.logFormat === 'pretty' ? { stream: prettyLog() } : {}) },
}).log;
if (!config.databaseUrl) {
  log.error(
    'npm run worker needs DATABASE_URL: PGlite admits one process, where the app server runs jobs itself (JOBS_IN_PROCESS=1).',
  );
  process.exit(1);
}
const db = await openDb({ databaseUrl: config.databaseUrl });
await migrate(db);
const worker = startWorker({ db, storage: await openStorage(config), config, log });
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
