/**
 * Makes the migrated test templates before the API passes start (scripts/test-all.mjs runs it
 * beside the typecheck): the PGlite archive in .cache/ and, with TEST_DATABASE_URL, the PostgreSQL
 * template database. Without it both workers of the first pass build the same template at once.
 */
import { migratedTemplate as pgliteTemplate } from './pglite-template.js';
import { migratedTemplate as postgresTemplate } from './pg-template.js';

await pgliteTemplate();
if (process.env.TEST_DATABASE_URL) await postgresTemplate(process.env.TEST_DATABASE_URL);
