import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { openDb, type Db } from '../db/index.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import { BackupError } from './errors.js';

/**
 * The configured database for `npm run backup` / `restore`. A PGlite folder admits one process:
 * while the server runs on it, these commands cannot open it, and say what to do instead.
 */
export async function openConfiguredDb(config: Config, purpose: 'backup' | 'restore'): Promise<Db> {
  const pgliteDir = path.join(config.dataDir, 'pglite');
  if (!config.databaseUrl && purpose === 'backup' && !fs.existsSync(path.join(pgliteDir, 'PG_VERSION')))
    throw new BackupError(`${pgliteDir} 中没有数据库：请检查 DATA_DIR（或用 DATABASE_URL 指定 PostgreSQL）`);
  try {
    return await openDb({ databaseUrl: config.databaseUrl, pgliteDir });
  } catch (e) {
    if (!(e instanceof DataDirLockedError)) throw e;
    throw new BackupError(
      purpose === 'backup'
        ? `${e.message}\nPGlite 数据目录同一时间只能由一个进程打开。服务器运行时请使用它的定时备份（BACKUP_INTERVAL_HOURS，任务 backup.snapshot，见 /admin/jobs），或先停止服务器再运行 npm run backup。`
        : `${e.message}\n恢复前请先停止使用该数据目录的服务器。`,
    );
  }
}

/** Prints a failure for the operator and sets the exit code: a BackupError's message alone, anything else with its stack. */
export function reportFailure(what: string, e: unknown): void {
  if (e instanceof BackupError) console.error(`${what}失败：${e.message}`);
  else console.error(`${what}失败：`, e);
  process.exitCode = 1;
}
