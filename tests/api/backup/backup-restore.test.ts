import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp } from '../../helpers/app.js';
import { createBackup, type BackupProgress } from '../../../server/src/backup/create.js';
import { keyIdOf } from '../../../server/src/backup/key-file.js';
import { checkSnapshot, restoreSnapshot } from '../../../server/src/backup/restore.js';
import type { Manifest } from '../../../server/src/backup/manifest.js';
import { LocalStorage } from '../../../server/src/storage/index.js';
import {
  appOn,
  checkpointNotes,
  expectRestored,
  flipByte,
  moneyRows,
  seedDrill,
  whileWriting,
  type SourceState,
} from './drill.js';

const keyOf = (bytes: Buffer) => ({ key: bytes, id: keyIdOf(bytes) });

/**
 * The restore drill on the engine the suite runs on: seed, back up (encrypted) while transactions
 * keep committing, refuse a damaged snapshot, a wrong key and a non-empty target, wipe the
 * database and DATA_DIR, restore, start the app on it and check what a restore promises.
 */
describe('backup and restore drill (same engine)', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let src: SourceState;
  let dir: string;
  let manifest: Manifest;
  let writes: { writes: number; before: number; duringDump: number };
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-backup-'));
  const key = keyOf(crypto.randomBytes(32));

  beforeAll(async () => {
    t = await makeTestApp();
    const seeded = await seedDrill(t.app, t.db);
    const balanceBefore = Number(
      (await t.db.query('SELECT balance_cents AS b FROM users WHERE id = $1', [seeded.buyer.id])).rows[0].b,
    );
    // Writes started while the database was being read (one snapshot, so none of them may be in it).
    let atDumpStart = -1;
    let atDumpEnd = -1;
    let started = () => 0;
    const w = await whileWriting(
      t.app,
      t.db,
      seeded.buyer.id,
      async () => {
        const onProgress = (p: BackupProgress) => {
          if (p.phase === 'database' && p.done === 1) atDumpStart = started();
          if (p.phase === 'database' && p.done === p.total) atDumpEnd = started();
        };
        return createBackup(
          { db: t.db, storage: t.app.storage, dataDir: t.app.config.dataDir },
          { outDir: out, key, onProgress },
        );
      },
      (count) => (started = count),
    );
    ({ dir, manifest } = w.result);
    writes = { writes: w.writes, before: w.before, duringDump: atDumpEnd - atDumpStart };
    src = { seeded, notes: await checkpointNotes(t.db), money: await moneyRows(t.db), balanceBefore };
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(out, { recursive: true, force: true });
  });

  it('wrote an encrypted, checksummed snapshot of every table, the stored files and the evidence folder', async () => {
    expect(path.basename(dir)).toMatch(/^lumen-backup-\d{8}T\d{6}Z$/);
    expect(fs.readdirSync(out)).toEqual([path.basename(dir)]);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'))).toEqual({
      format: 'lumen-backup/1',
      createdAt: manifest.createdAt,
      encrypted: true,
      keyId: key.id.toString('hex'),
    });
    expect(manifest.engine).toBe(t.db.kind);
    expect(manifest.migrations.length).toBeGreaterThan(50);
    expect(manifest.tables.map((x) => x.name)).toEqual(expect.arrayContaining(['orders', 'evidence_log_leaves']));
    expect(manifest.tables.map((x) => x.name)).not.toContain('schema_migrations');
    expect(manifest.storage.kind).toBe('local');
    const keys = manifest.storage.kind === 'local' ? manifest.storage.files.map((f) => f.key) : [];
    expect(keys.some((k) => k.startsWith('originals/'))).toBe(true);
    expect(manifest.evidence.map((e) => e.path)).toEqual(
      expect.arrayContaining(['last-checkpoint.txt', 'log-signing.key', 'tsa/sandbox-tsa.json']),
    );
    expect(manifest.evidence.find((e) => e.path === 'log-signing.key')!.mode).toBe(0o600);
    // Nothing readable inside: every part is AES-GCM, not gzip.
    const part = path.join(dir, manifest.tables.find((x) => x.name === 'users')!.stored.part);
    expect(part.endsWith('.jsonl.gz.aes')).toBe(true);
    expect(fs.readFileSync(part).subarray(0, 8).toString()).toBe('LMBKAES1');
    // Writes went on before, during and after the backup.
    expect(writes.before).toBeGreaterThanOrEqual(2);
    if (t.db.kind === 'postgres') expect(writes.duringDump).toBeGreaterThan(0);
  });

  it('refuses a wrong key, a missing key and a tampered snapshot before reading the target', async () => {
    await expect(checkSnapshot(dir, keyOf(crypto.randomBytes(32)))).rejects.toThrow(
      '加密密钥不对：manifest.json 不是用这个密钥文件加密的，请使用备份时的 --encrypt-key-file',
    );
    await expect(checkSnapshot(dir)).rejects.toThrow('快照已加密：请用 --encrypt-key-file 指定备份时使用的密钥文件');
    const orders = manifest.tables.find((x) => x.name === 'orders')!.stored.part;
    const undo = flipByte(path.join(dir, orders));
    try {
      await expect(checkSnapshot(dir, key)).rejects.toThrow(
        `快照文件 ${orders} 的校验和与清单不符：快照已损坏或被改动，已拒绝恢复`,
      );
    } finally {
      undo();
    }
    const undoManifest = flipByte(path.join(dir, 'manifest.json.gz.aes'));
    try {
      await expect(checkSnapshot(dir, key)).rejects.toThrow('解密校验失败：快照被改动过');
    } finally {
      undoManifest();
    }
  });

  it('refuses to restore over a database that holds data, unless told to', async () => {
    const checked = await checkSnapshot(dir, key);
    const before = await moneyRows(t.db);
    await expect(
      restoreSnapshot(checked, { db: t.db, storage: t.app.storage, dataDir: t.app.config.dataDir }),
    ).rejects.toThrow(
      /^恢复目标不是空的：数据库中已有 \d+ 张表；.*evidence 中已有文件；文件存储中已有 \d+ 个文件。.*--force/,
    );
    expect(await moneyRows(t.db)).toEqual(before);
  });

  it('after a wipe, restores into the empty database and DATA_DIR; the app starts on it with everything intact', async () => {
    const dataDir = t.app.config.dataDir;
    await t.app.close();
    // The wipe: every table, sequence and function of the schema, and the data folder's files.
    await t.db.exec(`DO $$ DECLARE s text := current_schema(); BEGIN
      EXECUTE format('DROP SCHEMA %I CASCADE', s); EXECUTE format('CREATE SCHEMA %I', s); END $$`);
    for (const sub of ['files', 'evidence']) fs.rmSync(path.join(dataDir, sub), { recursive: true, force: true });

    const summary = await restoreSnapshot(await checkSnapshot(dir, key), {
      db: t.db,
      storage: new LocalStorage(path.join(dataDir, 'files')),
      dataDir,
    });
    expect(summary).toMatchObject({ tables: manifest.tables.length, evidence: manifest.evidence.length, missing: [] });
    const restored = await appOn(t.db, dataDir);
    try {
      const k = await expectRestored(restored, src);
      expect(k).toBeGreaterThanOrEqual(writes.before);
      expect(k).toBeLessThan(writes.writes);
    } finally {
      await restored.close();
    }
  });
});
