import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openStorage } from '../storage/index.js';
import type { S3Storage } from '../storage/s3.js';
import { openConfiguredDb, reportFailure } from './cli-common.js';
import { BackupError } from './errors.js';
import { readBackupKey } from './key-file.js';
import { checkSnapshot, restoreSnapshot } from './restore.js';

/**
 * `npm run restore -- <snapshot> [--encrypt-key-file F] [--force]`: checks every part of the
 * snapshot first (a damaged or altered snapshot, or a wrong key, is refused before the target is
 * even opened), then restores it into the configured database, object store and DATA_DIR, which
 * must be empty unless --force. Start the server afterwards: it applies newer migrations itself.
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'encrypt-key-file': { type: 'string' }, force: { type: 'boolean', default: false } },
});

try {
  if (positionals.length !== 1)
    throw new BackupError('用法：npm run restore -- <快照目录> [--encrypt-key-file 密钥文件] [--force]');
  const config = loadConfig();
  const keyFile = values['encrypt-key-file'] ?? config.backup.keyFile;
  const snapshot = await checkSnapshot(path.resolve(positionals[0]), keyFile ? readBackupKey(keyFile) : undefined);
  const m = snapshot.manifest;
  console.log(
    `快照校验通过：${m.createdAt} 的 ${m.engine} 快照，${m.tables.length} 张表，${m.migrations.length} 个迁移`,
  );
  const db = await openConfiguredDb(config, 'restore');
  try {
    const storage = await openStorage(config);
    const r = await restoreSnapshot(snapshot, { db, storage, dataDir: config.dataDir }, { force: values.force });
    console.log(
      `恢复完成：${r.tables} 张表 ${r.rows} 行，${r.files} 个存储文件，${r.evidence} 个存证文件 -> ${db.kind === 'pglite' ? path.join(config.dataDir, 'pglite') : 'DATABASE_URL'}`,
    );
    if (r.missing.length) {
      console.error(
        `警告：快照清单中有 ${r.missing.length} 个 S3 对象在目标存储桶中不存在或大小不符，例如 ${r.missing.slice(0, 5).join(', ')}`,
      );
      process.exitCode = 1;
    }
    console.log('现在可以启动服务器（npm start 或 npm run serve）。');
    if (storage.kind === 's3') (storage as S3Storage).destroy();
  } finally {
    await db.close();
  }
} catch (e) {
  reportFailure('恢复', e);
}
