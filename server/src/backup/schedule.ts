/**
 * The scheduled backup: a recurring task of the durable job queue (like the upload sweep), so it
 * runs once per period on whichever worker is free however many app servers there are, survives
 * restarts, and shows at /admin/jobs with its progress, result or error. On PGlite the worker is
 * the server itself, the one process that may read the data folder while it runs.
 */
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/index.js';
import { defineTask, enqueue, type JobContext } from '../jobs/index.js';
import { createBackup, type BackupProgress } from './create.js';
import { readBackupKey } from './key-file.js';
import { pruneSnapshots } from './retention.js';

export const BACKUP_TASK = 'backup.snapshot';

/**
 * Queues the backup of period `slot` (time divided by the interval), at the period's start. The
 * dedupe key names the interval too, so servers that agree on it queue one job per period.
 */
export function scheduleBackup(q: Queryable, slot: number, intervalMs: number) {
  return enqueue(
    q,
    BACKUP_TASK,
    { slot, intervalMs },
    { runAt: new Date(slot * intervalMs), dedupeKey: `every:${intervalMs}:slot:${slot}` },
  );
}

const PHASES: Record<BackupProgress['phase'], { from: number; to: number; label: string }> = {
  evidence: { from: 0, to: 5, label: '正在备份存证密钥与检查点' },
  database: { from: 5, to: 60, label: '正在备份数据库' },
  files: { from: 60, to: 99, label: '正在备份存储文件' },
};

/** Runs one backup with the job's settings and progress; returns the job's result. */
export async function runScheduledBackup(ctx: Pick<JobContext, 'db' | 'storage' | 'config' | 'signal' | 'progress'>) {
  const { backup, dataDir } = ctx.config;
  const { dir, manifest, vanished } = await createBackup(
    { db: ctx.db, storage: ctx.storage, dataDir },
    {
      outDir: backup.dir,
      key: backup.keyFile ? readBackupKey(backup.keyFile) : undefined,
      signal: ctx.signal,
      // Not awaited: on PGlite a progress write waits for the snapshot's transaction to end.
      onProgress: (p) => {
        const ph = PHASES[p.phase];
        void ctx.progress(ph.from + ((ph.to - ph.from) * p.done) / Math.max(1, p.total), ph.label);
      },
    },
  );
  const removed = await pruneSnapshots(backup.dir, backup.keep);
  return {
    dir,
    encrypted: manifest.encrypted,
    tables: manifest.tables.length,
    rows: manifest.tables.reduce((n, t) => n + t.rows, 0),
    files: manifest.storage.kind === 'local' ? manifest.storage.files.length : manifest.storage.objects.length,
    vanished,
    removed,
  };
}

defineTask<{ slot: number; intervalMs: number }>(
  BACKUP_TASK,
  async (p, ctx) => {
    // A changed or switched-off interval ends this chain: a start with the new setting began its own.
    if (ctx.config.backup.intervalMs !== p.intervalMs) return { skipped: '备份间隔已修改或定时备份已关闭' };
    // The next period is queued first, so a failing backup never ends the chain.
    await scheduleBackup(ctx.db, p.slot + 1, p.intervalMs);
    return runScheduledBackup(ctx);
  },
  { maxAttempts: 3, timeoutMs: 6 * 3_600_000, concurrency: 1 },
);

/** At start (BACKUP_INTERVAL_HOURS > 0, not in tests), queues the backup of the next period; it then re-queues itself. */
export function registerBackupSchedule(app: FastifyInstance): void {
  const { intervalMs } = app.config.backup;
  if (intervalMs <= 0) return;
  app.addHook('onReady', async () => {
    if (app.config.env === 'test') return; // tests schedule it themselves
    await scheduleBackup(app.db, Math.floor(Date.now() / intervalMs) + 1, intervalMs);
  });
}
