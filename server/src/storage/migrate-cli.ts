import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { LocalStorage, localFilesDir } from './index.js';
import { S3Storage } from './s3.js';
import { formatSummary, migrateStore } from './migrate.js';

/**
 * `npm run storage:migrate [-- --from DIR] [--reverify] [--concurrency N]`: copies a local data
 * folder's files (default DATA_DIR/files) into the bucket configured by STORAGE=s3 and S3_*,
 * verifying each by SHA-256. Safe to run again (and while the old server still writes: a second
 * run picks up what is new). Exit code 1 when any file failed.
 */
const { values } = parseArgs({
  options: {
    from: { type: 'string' },
    reverify: { type: 'boolean', default: false },
    concurrency: { type: 'string', default: '4' },
  },
});

const config = loadConfig();
if (config.storage !== 's3' || !config.s3) {
  console.error(
    'storage:migrate copies into a bucket: set STORAGE=s3 and S3_BUCKET (S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE as needed).',
  );
  process.exit(2);
}
const from = path.resolve(values.from ?? localFilesDir(config));
if (!fs.existsSync(from)) {
  console.error(`No such folder: ${from}`);
  process.exit(2);
}
const target = new S3Storage(config.s3);
try {
  await target.checkBucket();
  console.log(
    `storage:migrate ${from} -> s3://${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}`,
  );
  const summary = await migrateStore(new LocalStorage(from), target, {
    reverify: values.reverify,
    concurrency: Number(values.concurrency) || 4,
    log: (line) => console.log(line),
  });
  console.log(formatSummary(summary));
  process.exitCode = summary.failed.length ? 1 : 0;
} catch (e) {
  console.error(`storage:migrate failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
} finally {
  target.destroy();
}
