import { loadConfig } from './config.js';
import { openDb } from './db/index.js';
import { migrate } from './db/migrate.js';
import { seedIfEmpty } from './db/seed/index.js';
import { buildApp } from './app.js';
import path from 'node:path';

/** Process entry: open the database, migrate, seed, listen, and shut down cleanly on signals. */
const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
const applied = await migrate(db);
const app = await buildApp({ config, db });
if (applied.length) app.log.info({ applied }, 'migrations applied');
if (config.seed) await seedIfEmpty(app);

let closing = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ sig }, 'shutting down');
    await app.close();
    await db.close();
    process.exit(0);
  });
}
await app.listen({ port: config.port, host: config.host });
app.log.info(`流明素材 ready at ${config.publicUrl} (${db.kind})`);
