import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from '../../../server/src/storage/index.js';
import { S3Storage } from '../../../server/src/storage/s3.js';
import { migrateStore } from '../../../server/src/storage/migrate.js';
import { startS3, type TestS3 } from '../../helpers/s3-server.js';
import { cliBundle } from '../../helpers/server-process.js';

const run = promisify(execFile);
const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

/** `npm run storage:migrate`: a local data folder copied into a bucket, verified by SHA-256, safe to repeat. */
describe('storage:migrate', () => {
  let s3: TestS3;
  let bucket: S3Storage;
  let dir: string;
  let local: LocalStorage;
  const files: Record<string, Buffer> = {
    'media-public/202605/aa11.jpg': crypto.randomBytes(3000),
    'media-original/202605/bb22.mp4': crypto.randomBytes(9 * 1024 * 1024 + 17),
    'deposit/202606/cc33.pdf': Buffer.from('%PDF-1.4 存证'),
  };
  beforeAll(async () => {
    s3 = await startS3();
    bucket = new S3Storage({
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-migrate-'));
    local = new LocalStorage(path.join(dir, 'files'));
    for (const [k, v] of Object.entries(files)) await local.put(k, v);
    // Left behind by an interrupted local write: never a stored object.
    fs.writeFileSync(path.join(dir, 'files', 'deposit/202606/cc33.pdf.123.ab.part'), 'half');
  });
  afterAll(async () => {
    bucket?.destroy();
    await s3?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('copies every file under the same key with its type and SHA-256, then skips them on a second run', async () => {
    const lines: string[] = [];
    const first = await migrateStore(local, bucket, { log: (l) => lines.push(l) });
    expect(first).toMatchObject({ files: 3, copied: 3, skipped: 0, failed: [] });
    expect(first.bytesCopied).toBe(Object.values(files).reduce((n, b) => n + b.length, 0));
    expect(lines.filter((l) => l.includes('SHA-256 verified'))).toHaveLength(3);
    for (const [k, v] of Object.entries(files)) {
      expect((await bucket.get(k)).equals(v), k).toBe(true);
      expect((await bucket.stat(k))?.sha256, k).toBe(sha(v));
    }
    expect((await bucket.stat('media-public/202605/aa11.jpg'))?.contentType).toBe('image/jpeg');
    expect(await bucket.list('')).toEqual(Object.keys(files).sort());

    const second = await migrateStore(local, bucket);
    expect(second).toMatchObject({ files: 3, copied: 0, skipped: 3, bytesCopied: 0, failed: [] });
  });

  it('copies again what differs in the bucket, and what is there without a recorded hash is compared by reading it back', async () => {
    await bucket.put('media-public/202605/aa11.jpg', Buffer.from('tampered'));
    // Same bytes, but put without a hash (e.g. by hand): read back, found equal, skipped.
    await bucket.put('deposit/202606/cc33.pdf', files['deposit/202606/cc33.pdf']);
    const r = await migrateStore(local, bucket);
    expect(r).toMatchObject({ copied: 1, skipped: 2, failed: [] });
    expect((await bucket.get('media-public/202605/aa11.jpg')).equals(files['media-public/202605/aa11.jpg'])).toBe(true);
  });

  it('reports a file that cannot be a storage key instead of copying it under a guessed name', async () => {
    fs.mkdirSync(path.join(dir, 'files', 'odd'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'files', 'odd', 'with space.txt'), 'x');
    try {
      const r = await migrateStore(local, bucket);
      expect(r.failed).toEqual([{ key: 'odd/with space.txt', reason: 'bad storage key' }]);
      expect(r.skipped).toBe(3);
    } finally {
      fs.rmSync(path.join(dir, 'files', 'odd'), { recursive: true });
    }
  });

  it('a copy whose read-back differs is reported and removed, so the next run copies it again', async () => {
    const key = 'media-public/202607/dd44.jpg';
    await local.put(key, Buffer.from('fresh bytes'));
    // A store that loses bytes on the way back (a broken proxy or disk): the verify step must notice.
    const lossy = Object.create(bucket) as S3Storage;
    lossy.stream = async (k, range) =>
      k === key ? Readable.from([Buffer.from('other bytes')]) : bucket.stream(k, range);
    try {
      const r = await migrateStore(local, lossy);
      expect(r.failed).toEqual([{ key, reason: expect.stringContaining('differs from the source') }]);
      expect(await bucket.exists(key)).toBe(false);
      expect((await migrateStore(local, bucket)).copied).toBe(1);
    } finally {
      await local.delete(key);
      await bucket.delete(key);
    }
  });

  it('npm run storage:migrate: reads DATA_DIR and S3_* and prints the summary; a repeat copies nothing', async () => {
    const fresh = await startS3('lumen-cli');
    try {
      const env = { ...process.env, ...fresh.env, DATA_DIR: dir, NODE_NO_WARNINGS: '1' };
      const cli = [cliBundle('storage-migrate')];
      const first = await run(process.execPath, cli, { env });
      expect(first.stdout).toContain(`-> s3://lumen-cli at ${fresh.endpoint}`);
      expect(first.stdout).toMatch(
        /files: 3, copied and verified: 3 \(9\.0 MiB\), already there \(same SHA-256\): 0, failed: 0/,
      );
      const again = await run(process.execPath, cli, { env });
      expect(again.stdout).toContain(
        'files: 3, copied and verified: 0 (0.0 MiB), already there (same SHA-256): 3, failed: 0',
      );
      const refused = await run(process.execPath, cli, { env: { ...process.env, DATA_DIR: dir } }).catch((e) => e);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('set STORAGE=s3');
    } finally {
      await fresh.close();
    }
  });
});
