import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDb, type Db } from '../../server/src/db/index.js';
import { migrate } from '../../server/src/db/migrate.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const migrations = path.join(root, 'server/src/db/migrations');

/** Names the template after everything that shapes it: PGlite's version, every migration's text and this file's. */
function templateKey(): string {
  const h = crypto.createHash('sha256');
  h.update(
    JSON.parse(fs.readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version,
  );
  for (const f of fs.readdirSync(migrations).sort()) h.update(f).update(fs.readFileSync(path.join(migrations, f)));
  h.update(fs.readFileSync(fileURLToPath(import.meta.url)));
  return h.digest('hex').slice(0, 16);
}

let loaded: Promise<Blob> | undefined;

/**
 * The dump, less what a test database never reads but every open would unpack (PGlite writes each
 * file of the archive into its in-memory file system: about a third of an open's 1-2 s went to the
 * 600 files of template0 and template1, and 16 MB to a WAL segment PostgreSQL had made ahead).
 */
async function slimDump(db: Db): Promise<Buffer> {
  await db.query(`UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`);
  await db.query('DROP DATABASE template0');
  await db.query('DROP DATABASE template1');
  await db.query('CHECKPOINT');
  const current = (await db.query<{ name: string }>('SELECT pg_walfile_name(pg_current_wal_insert_lsn()) AS name'))
    .rows[0].name;
  const tar = Buffer.from(await (await db.dumpDataDir!()).arrayBuffer());
  return withoutEntries(tar, (name) => /(^|\/)pg_wal\/[0-9A-F]{24}$/.test(name) && name.slice(-24) > current);
}

/** A tar archive without the entries `drop` names (ustar: a 512-byte header, then the data in 512-byte blocks). */
function withoutEntries(tar: Buffer, drop: (name: string) => boolean): Buffer {
  const kept: Buffer[] = [];
  let at = 0;
  while (at + 512 <= tar.length && tar[at] !== 0) {
    const field = (from: number, len: number) =>
      tar.toString('latin1', at + from, at + from + len).replace(/\0.*$/s, '');
    const prefix = field(345, 155);
    const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const end = at + 512 + Math.ceil(size / 512) * 512;
    if (!drop(name)) kept.push(tar.subarray(at, end));
    at = end;
  }
  kept.push(Buffer.alloc(1024));
  return Buffer.concat(kept);
}

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
      // 1 MB WAL segments: every open unpacks the current segment whole, and at PostgreSQL's
      // 16 MB that one file was half the archive and a third of an open's CPU.
      const db = await openDb({ pgliteDir: 'memory://', walSegmentMb: 1 });
      try {
        await migrate(db);
        const tar = await slimDump(db);
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
