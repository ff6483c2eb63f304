import type { FastifyInstance } from 'fastify';
import { assertProductionSecrets, ConfigError, loadConfig } from './config.js';
import { openDb, type Db } from './db/index.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { migrate } from './db/migrate.js';
import { seedIfEmpty } from './seed/index.js';
import { buildApp } from './app.js';
import { createShutdown } from './shutdown.js';
import { startWorker, type Worker } from './jobs/index.js';
import './tasks.js';
import { uploadTempDir } from './routes/form-upload.js';
import { removeStaleTempFiles, STALE_TEMP_AGE_MS } from './storage/stale-temp.js';
import path from 'node:path';

/** Process entry: check the config, open the database, migrate, seed, listen, run jobs; close cleanly on signals. */
const SHUTDOWN_TIMEOUT_MS = 10_000;
/** Running jobs get this long to finish on shutdown; then they are aborted and queued again. */
const JOBS_GRACE_MS = 5_000;

let db: Db | undefined;
let app: FastifyInstance | undefined;
let worker: Worker | undefined;

// Installed before anything opens, so a signal during migrate or the first (long) seed still closes the DB.
const shutdown = createShutdown({
  parts: () => [
    { name: 'job worker', part: worker && { close: () => worker!.stop(JOBS_GRACE_MS) } },
    { name: 'http server', part: app },
    { name: 'database', part: db },
  ],
  timeoutMs: SHUTDOWN_TIMEOUT_MS,
  exit: (code) => process.exit(code),
  log: (msg, err) => (app ? app.log.info({ err }, msg) : console.error(msg, err ?? '')),
});
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, (s) => void shutdown.handle(s));

try {
  const config = loadConfig();
  assertProductionSecrets(config);
  db = await openDb({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
  const applied = await migrate(db);
  app = await buildApp({ config, db });
  if (applied.length) app.log.info({ applied }, 'migrations applied');
  // PGlite on DATA_DIR means this process holds the data-folder lock: every temp file is an orphan.
  const swept = await removeStaleTempFiles({
    tmpDir: uploadTempDir(config.dataDir),
    store: app.storage,
    olderThanMs: db.kind === 'pglite' ? 0 : STALE_TEMP_AGE_MS,
  });
  if (swept.length) app.log.info({ removed: swept.length }, 'removed temp files left by an earlier process');
  if (config.seed) {
    if (config.env === 'production')
      app.log.warn('SEED=1 in production: creating the demo accounts with the public demo password');
    await seedIfEmpty(app);
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`流明素材 ready at ${config.publicUrl} (${db.kind})`);
  if (config.env !== 'production' && !process.env.HOST)
    app.log.info(
      `listening on ${config.host} only: the /dev sandboxes and demo accounts stay on this machine (HOST=0.0.0.0 opens it to the network)`,
    );
  // After listen, so the site answers while the first start's seed media are still being made.
  if (config.jobsInProcess) worker = startWorker({ db, storage: app.storage, config, log: app.log });
  else if (db.kind === 'pglite')
    app.log.warn('JOBS_IN_PROCESS=0 with PGlite: no other process can open this database, so jobs will not run');
} catch (err) {
  // A query failing because a signal closed the database is part of the shutdown, not a start error.
  if (!shutdown.isClosing()) {
    console.error(`流明素材 failed to start: ${err instanceof Error ? err.message : String(err)}`);
    if (!(err instanceof ConfigError || err instanceof DataDirLockedError)) console.error(err);
    await db?.close().catch(() => undefined);
    process.exit(1);
  }
}
