import path from 'node:path';
import { assertProductionSecrets, loadConfig } from '../config.js';
import { buildApp } from '../app.js';
import { openDb, type Db } from '../db/index.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import { migrate } from '../db/migrate.js';
import { seedIfEmpty } from './index.js';
import { runUntilIdle } from '../jobs/index.js';
import { SEED_MEDIA_TASK } from './catalogue/media-task.js';

/**
 * `npm run seed`: opens the configured database (DATABASE_URL or PGlite in DATA_DIR), migrates
 * and adds the demo data without starting the server. Each seed step skips rows it already made.
 * It also runs the demo media jobs to the end, so the data is complete when it exits.
 * In production it runs only with SEED=1, because the demo accounts share a public password.
 */
const config = loadConfig();
assertProductionSecrets(config);
if (config.env === 'production' && !config.seed) {
  console.error(
    'NODE_ENV=production: the demo data (accounts with the public demo password) is seeded only with SEED=1.',
  );
  process.exit(1);
}
let db: Db;
try {
  // Holds the same data-folder lock as the server: seeding under a running PGlite server would lose writes.
  db = await openDb({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
} catch (err) {
  if (!(err instanceof DataDirLockedError)) throw err;
  console.error(err.message);
  process.exit(1);
}
try {
  await migrate(db);
  const app = await buildApp({ config, db });
  await seedIfEmpty(app);
  await runUntilIdle({ db, storage: app.storage, config, log: app.log }, { tasks: [SEED_MEDIA_TASK] });
  await app.close();
} finally {
  await db.close();
}
