import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshSchema } from '../../helpers/app.js';
import { migratedTemplate } from '../../helpers/pglite-template.js';
import { createBackup } from '../../../server/src/backup/create.js';
import { checkSnapshot, restoreSnapshot } from '../../../server/src/backup/restore.js';
import { openDb, type Db } from '../../../server/src/db/index.js';
import { LocalStorage } from '../../../server/src/storage/index.js';
import {
  appOn,
  checkpointNotes,
  expectRestored,
  moneyRows,
  seedDrill,
  whileWriting,
  type SourceState,
} from './drill.js';

/**
 * A snapshot is engine-neutral: one taken on PGlite (while writes go on) restores into an empty
 * PostgreSQL schema, and a snapshot of that restores into PGlite again, each passing the drill.
 */
describe('backup and restore across engines', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-backup-engines-'));
  const dataDir = (name: string) => path.join(root, name);
  const open: Array<{ app?: FastifyInstance; db: Db }> = [];
  let pg: Awaited<ReturnType<typeof freshSchema>> | undefined;
  let src: SourceState;
  let snapshot: string;
  let writes: number;

  beforeAll(async () => {
    const db = await openDb({ pgliteDir: 'memory://', loadDataDir: await migratedTemplate() });
    const app = await appOn(db, dataDir('pglite-source'));
    open.push({ app, db });
    const seeded = await seedDrill(app, db);
    const balanceBefore = Number(
      (await db.query('SELECT balance_cents AS b FROM users WHERE id = $1', [seeded.buyer.id])).rows[0].b,
    );
    const w = await whileWriting(app, db, seeded.buyer.id, () =>
      createBackup({ db, storage: app.storage, dataDir: app.config.dataDir }, { outDir: dataDir('snapshots') }),
    );
    snapshot = w.result.dir;
    writes = w.writes;
    expect(w.result.manifest).toMatchObject({ engine: 'pglite', encrypted: false });
    src = { seeded, notes: await checkpointNotes(db), money: await moneyRows(db), balanceBefore };
  });
  afterAll(async () => {
    for (const o of open.reverse()) {
      await o.app?.close();
      await o.db.close().catch(() => undefined);
    }
    await pg?.drop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('PGlite -> PostgreSQL (an empty schema) -> PGlite (a migrated database, with --force)', async () => {
    pg = await freshSchema(url, 'restore');
    const pgDb = await openDb({ databaseUrl: pg.url });
    open.push({ db: pgDb });
    await restoreSnapshot(await checkSnapshot(snapshot), {
      db: pgDb,
      storage: new LocalStorage(path.join(dataDir('pg'), 'files')),
      dataDir: dataDir('pg'),
    });
    const onPg = await appOn(pgDb, dataDir('pg'));
    open[open.length - 1].app = onPg;
    const k = await expectRestored(onPg, src);
    expect(k).toBeLessThan(writes);

    const back = await createBackup(
      { db: pgDb, storage: onPg.storage, dataDir: dataDir('pg') },
      { outDir: dataDir('snapshots') },
    );
    expect(back.manifest.engine).toBe('postgres');
    const liteDb = await openDb({ pgliteDir: 'memory://', loadDataDir: await migratedTemplate() });
    open.push({ db: liteDb });
    const target = {
      db: liteDb,
      storage: new LocalStorage(path.join(dataDir('pglite'), 'files')),
      dataDir: dataDir('pglite'),
    };
    const checked = await checkSnapshot(back.dir);
    await expect(restoreSnapshot(checked, target)).rejects.toThrow(/^恢复目标不是空的：数据库中已有 \d+ 张表。/);
    await restoreSnapshot(checked, target, { force: true });
    const onLite = await appOn(liteDb, dataDir('pglite'));
    open[open.length - 1].app = onLite;
    expect(await expectRestored(onLite, { ...src, notes: await checkpointNotes(pgDb) })).toBe(k);
  });
});
