import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { FAST, servicesOf, waitForJob } from '../../helpers/jobs.js';
import { cliBundle } from '../../helpers/server-process.js';
import { startWorker } from '../../../server/src/jobs/worker.js';
import { BACKUP_TASK, scheduleBackup } from '../../../server/src/backup/schedule.js';
import { checkSnapshot } from '../../../server/src/backup/restore.js';
import { createBackup } from '../../../server/src/backup/create.js';
import { readBackupKey } from '../../../server/src/backup/key-file.js';
import { flipByte } from './drill.js';

const run = promisify(execFile);
const HOUR = 3_600_000;

/**
 * The scheduled backup is a recurring job like the upload sweep: one per period, visible to staff
 * at /api/jobs, pruning old snapshots; and the commands refuse a damaged snapshot or a wrong key
 * before they open the target.
 */
describe('scheduled backups and the backup commands', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  const backups = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-backups-'));
  const old = (stamp: string) => {
    fs.mkdirSync(path.join(backups, `lumen-backup-${stamp}`));
    fs.writeFileSync(path.join(backups, `lumen-backup-${stamp}`, 'manifest.json'), '{}');
  };

  beforeAll(async () => {
    t = await makeTestApp({ BACKUP_INTERVAL_HOURS: '1', BACKUP_DIR: backups, BACKUP_KEEP: '2' });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(backups, { recursive: true, force: true });
  });

  it('backs up once per period, queues the next, keeps the newest snapshots and shows the job to staff', async () => {
    old('20250101T000000Z');
    old('20250102T000000Z');
    // A backup killed half-way a day ago, and a folder that is not a snapshot at all.
    const partial = path.join(backups, '.lumen-backup-20250103T000000Z.partial');
    fs.mkdirSync(partial);
    fs.utimesSync(partial, new Date(Date.now() - 2 * 24 * HOUR), new Date(Date.now() - 2 * 24 * HOUR));
    fs.mkdirSync(path.join(backups, 'operator-notes'));

    const slot = Math.floor(Date.now() / HOUR);
    const first = await scheduleBackup(t.db, slot, HOUR);
    expect(await scheduleBackup(t.db, slot, HOUR)).toEqual({ id: first.id, created: false });
    // A job of an interval that is no longer configured ends its chain without a backup.
    const stale = await scheduleBackup(t.db, Math.floor(slot / 2), 2 * HOUR);

    const worker = startWorker(servicesOf(t.app), { ...FAST, tasks: [BACKUP_TASK] });
    let done;
    try {
      done = await waitForJob(t.db, first.id, ['succeeded', 'failed'], 30_000);
      expect(done.state, done.lastError ?? '').toBe('succeeded');
      expect((await waitForJob(t.db, stale.id, ['succeeded', 'failed'])).result).toEqual({
        skipped: '备份间隔已修改或定时备份已关闭',
      });
    } finally {
      await worker.stop(1000);
    }
    const result = done.result as { dir: string; removed: string[]; tables: number; encrypted: boolean };
    expect(result).toMatchObject({ encrypted: false, tables: expect.any(Number) });
    expect(result.removed.sort()).toEqual(['.lumen-backup-20250103T000000Z.partial', 'lumen-backup-20250101T000000Z']);
    expect(fs.readdirSync(backups).sort()).toEqual(
      ['lumen-backup-20250102T000000Z', path.basename(result.dir), 'operator-notes'].sort(),
    );
    const snapshot = await checkSnapshot(result.dir);
    expect(snapshot.manifest.tables.length).toBe(result.tables);

    const next = (
      await t.db.query(`SELECT state, run_at, dedupe_key FROM jobs WHERE task = $1 AND state = 'queued'`, [BACKUP_TASK])
    ).rows;
    expect(next).toHaveLength(1);
    expect(next[0].dedupe_key).toBe(`every:${HOUR}:slot:${slot + 1}`);
    expect(new Date(next[0].run_at).getTime()).toBe((slot + 1) * HOUR);

    const staff = await makeUser(t.db, { roles: ['buyer', 'staff'] });
    const listed = (await t.app.inject({ url: '/api/jobs?state=succeeded', headers: staff.auth })).json().data.list;
    expect(listed.map((j: { task: string }) => j.task)).toContain(BACKUP_TASK);

    // An unencrypted snapshot is checked by its SHA-256 list alone.
    const part = snapshot.manifest.tables.find((x) => x.rows > 0)!.stored.part;
    const undo = flipByte(path.join(result.dir, part));
    try {
      await expect(checkSnapshot(result.dir)).rejects.toThrow(`快照文件 ${part} 的校验和与清单不符`);
    } finally {
      undo();
    }
  });

  it('npm run restore refuses a tampered snapshot and a wrong key before opening the target', async () => {
    const keyFile = path.join(backups, 'backup.key');
    fs.writeFileSync(keyFile, `${crypto.randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
    const { dir, manifest } = await createBackup(
      { db: t.db, storage: t.app.storage, dataDir: t.app.config.dataDir },
      { outDir: path.join(backups, 'cli'), key: readBackupKey(keyFile) },
    );
    const target = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-restore-target-'));
    const restore = (...args: string[]) =>
      run(process.execPath, [cliBundle('restore'), ...args], {
        env: { ...process.env, DATA_DIR: target, DATABASE_URL: '', NODE_NO_WARNINGS: '1' },
      }).then(
        (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
        (e) => ({ code: e.code as number, out: String(e.stdout), err: String(e.stderr) }),
      );
    try {
      const wrongKey = path.join(backups, 'wrong.key');
      fs.writeFileSync(wrongKey, crypto.randomBytes(32).toString('base64'));
      const wrong = await restore(dir, '--encrypt-key-file', wrongKey);
      expect(wrong.code).toBe(1);
      expect(wrong.err).toContain('恢复失败：加密密钥不对');

      const part = manifest.tables.find((x) => x.name === 'jobs')!.stored.part;
      const undo = flipByte(path.join(dir, part));
      try {
        const tampered = await restore(dir, '--encrypt-key-file', keyFile);
        expect(tampered.code).toBe(1);
        expect(tampered.err).toContain(`恢复失败：快照文件 ${part} 的校验和与清单不符`);
      } finally {
        undo();
      }
      // Refused before the target was opened: DATA_DIR is as empty as it was.
      expect(fs.readdirSync(target)).toEqual([]);
      expect((await restore()).err).toContain('用法：npm run restore -- <快照目录>');
    } finally {
      fs.rmSync(target, { recursive: true, force: true });
    }
  });
});
