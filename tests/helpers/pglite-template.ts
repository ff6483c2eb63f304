import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDb } from '../../server/src/db/index.js';
import { migrate } from '../../server/src/db/migrate.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const migrations = path.join(root, 'server/src/db/migrations');

/** Names the template after everything that shapes it: PGlite's version and every migration's text. */
function templateKey(): string {
  const h = crypto.createHash('sha256');
  h.update(JSON.parse(fs.readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version);
  for (const f of fs.readdirSync(migrations).sort()) h.update(f).update(fs.readFileSync(path.join(migrations, f)));
  return h.digest('hex').slice(0, 16);
}

let loaded: Promise<Blob> | undefined;

/**
 * A migrated, empty PGlite data folder (a tar archive) for in-memory test databases. Each fresh
 * PGlite runs initdb (2-4 s) and then the migrations (about 1 s); opening this archive instead takes
 * about 0.6 s, which over the API suite's ~90 files is several minutes. Made by the first test file
 * that needs it and kept under .cache/ (gitignored) for the same migrations; written to a temporary
 * name and renamed, so parallel workers never read half a file.
 */
export function migratedTemplate(): Promise<Blob> {
  loaded ??= (async () => {
    const file = path.join(root, '.cache', 'test-pglite', `${templateKey()}.tar`);
    if (!fs.existsSync(file)) {
      const db = await openDb({ pgliteDir: 'memory://' });
      try {
        await migrate(db);
        const tar = Buffer.from(await (await db.dumpDataDir!()).arrayBuffer());
        fs.mkdirSync(path.dirname(file), { recursive: true });
        const tmp = `${file}.${process.pid}.tmp`;
        fs.writeFileSync(tmp, tar);
        fs.renameSync(tmp, file);
      } finally {
        await db.close();
      }
    }
    return new Blob([fs.readFileSync(file)]);
  })();
  return loaded;
}
