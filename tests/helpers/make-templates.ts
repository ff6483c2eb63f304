/**
 * Makes what the test passes share before they start (scripts/test-all.mjs runs it beside the
 * typecheck): the migrated PGlite archive in .cache/, with TEST_DATABASE_URL the PostgreSQL
 * template database, and the demo media in .cache/seed-media-v3. Without it both workers of the
 * first API pass build the same template at once, and the API files and the browser pass's server
 * that seed the demo catalogue each run ffmpeg for the same clips.
 */
import { migratedTemplate as pgliteTemplate } from './pglite-template.js';
import { migratedTemplate as postgresTemplate } from './pg-template.js';
import { warmMediaCache } from '../../server/src/seed/catalogue/media.js';

await Promise.all([
  warmMediaCache(),
  (async () => {
    await pgliteTemplate();
    if (process.env.TEST_DATABASE_URL) await postgresTemplate(process.env.TEST_DATABASE_URL);
  })(),
]);
