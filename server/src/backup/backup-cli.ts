import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { databaseContents } from '../db/logical-load.js';
import { openStorage } from '../storage/index.js';
import type { S3Storage } from '../storage/s3.js';
import { openConfiguredDb, reportFailure } from './cli-common.js';
import { createBackup } from './create.js';
import { BackupError } from './errors.js';
import { readBackupKey } from './key-file.js';

/**
 * `npm run backup [-- --out DIR] [--encrypt-key-file F]`: writes a snapshot folder of the
 * configured database, object store and DATA_DIR/evidence into DIR (default BACKUP_DIR), safe
 * while the server runs on PostgreSQL. Exit code 1 when it fails (nothing but a removed temporary
 * folder is left then).
 */
const { values } = parseArgs({
  options: { out: { type: 'string' }, 'encrypt-key-file': { type: 'string' } },
});

try {
  const config = loadConfig();
  const keyFile = values['encrypt-key-file'] ?? config.backup.keyFile;
  const key = keyFile ? readBackupKey(keyFile) : undefined;
  const outDir = path.resolve(values.out ?? config.backup.dir);
  const db = await openConfiguredDb(config, 'backup');
  try {
    if (!(await databaseContents(db)).migrations.length)
      throw new BackupError('数据库还没有初始化（没有已执行的迁移），没有可备份的内容');
    const storage = await openStorage(config);
    const started = Date.now();
    const { dir, manifest, vanished } = await createBackup({ db, storage, dataDir: config.dataDir }, { outDir, key });
    const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
    const files =
      manifest.storage.kind === 'local'
        ? `${manifest.storage.files.length} 个存储文件`
        : `S3 存储桶 ${manifest.storage.bucket} 的 ${manifest.storage.objects.length} 个对象清单（文件本身不在快照中）`;
    console.log(`备份完成：${dir}`);
    console.log(
      `  ${manifest.engine} 数据库 ${manifest.tables.length} 张表 ${rows} 行，${files}，存证目录 ${manifest.evidence.length} 个文件，` +
        `${key ? '已加密' : '未加密'}，用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒`,
    );
    if (vanished) console.log(`  ${vanished} 个文件在复制前已被删除（读取数据库之后删除的，不影响快照一致性）`);
    if (!key && manifest.evidence.some((e) => e.path === 'log-signing.key'))
      console.log('  注意：快照包含存证日志的签名私钥，请妥善保管（可用 --encrypt-key-file 加密）');
    if (storage.kind === 's3') (storage as S3Storage).destroy();
  } finally {
    await db.close();
  }
} catch (e) {
  reportFailure('备份', e);
}
