import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { JobServices } from '../../jobs/types.js';
import { AppError } from '../../http/envelope.js';
import { checkUploadedFile } from '../../security/file-check.js';
import {
  claimAssembly,
  completeUpload,
  failUpload,
  findBlob,
  findUpload,
  insertBlob,
  releaseAssembly,
  type UploadRow,
} from '../../repositories/uploads.js';
import { chunkKey, originalKey } from './limits.js';
import { takeSpool } from './spool.js';
import { materialRule } from './status.js';
import { readUploadProvenance } from './provenance.js';

/** What assembly and cleanup use: an app or a job worker's services (the sweep runs as a job). */
export type UploadServices = Pick<JobServices, 'db' | 'storage' | 'config' | 'log'>;

export const MSG_TRANSIENT = '服务器繁忙，请稍后重试';

/** Deletes the stored chunks of an upload (after assembly, expiry or cancel). */
export async function deleteChunkObjects(app: UploadServices, uploadId: string): Promise<void> {
  for (const key of await app.storage.list(`chunks/${uploadId}/`)) await app.storage.delete(key);
}

/**
 * Assembles an upload if every chunk is recorded and nobody else is assembling it: exactly one
 * caller wins the claim (repositories/uploads claimAssembly), the others return the row as it is.
 * Content refusals leave the upload 'failed' and throw 415 with the rule's Chinese message;
 * transient faults put it back to 'receiving' and throw 503, so a later request assembles again.
 */
export async function tryAssemble(app: UploadServices, uploadId: string): Promise<UploadRow> {
  const claimed = await claimAssembly(app.db, uploadId);
  if (!claimed) return (await findUpload(app.db, uploadId))!;
  let refusal: string | null;
  try {
    refusal = await assemble(app, claimed);
  } catch (err) {
    app.log.error({ err, uploadId }, 'upload assembly failed');
    await releaseAssembly(app.db, uploadId).catch(() => undefined);
    throw new AppError(503, MSG_TRANSIENT);
  }
  if (refusal) {
    await failUpload(app.db, uploadId, refusal);
    await deleteChunkObjects(app, uploadId).catch((err) => app.log.warn({ err, uploadId }, 'chunk cleanup failed'));
    throw new AppError(415, refusal);
  }
  return (await findUpload(app.db, uploadId))!;
}

/**
 * Streams the chunks in order into a temp file while hashing, verifies size, checks the content
 * against the material rule, stores the original once per SHA-256, completes the upload and
 * deletes the chunks. Returns the Chinese refusal, or null when the upload is complete.
 */
async function assemble(app: UploadServices, u: UploadRow): Promise<string | null> {
  const tmpDir = path.join(app.config.dataDir, 'tmp');
  await fs.promises.mkdir(tmpDir, { recursive: true });
  // Chunks 1..N already appended and hashed in order by this process (spool.ts): nothing to read back.
  const spooled = await takeSpool(u.id, u.total_chunks, (n) => app.storage.stream(chunkKey(u.id, n)));
  const tmp = spooled?.file ?? path.join(tmpDir, `assemble-${u.id}-${crypto.randomBytes(4).toString('hex')}`);
  try {
    let size = spooled?.size ?? 0;
    let sha256 = spooled?.sha256 ?? '';
    if (!spooled) {
      const hash = crypto.createHash('sha256');
      async function* chunksInOrder() {
        for (let n = 1; n <= u.total_chunks; n++) {
          for await (const buf of await app.storage.stream(chunkKey(u.id, n))) {
            hash.update(buf as Buffer);
            size += (buf as Buffer).length;
            yield buf as Buffer;
          }
        }
      }
      await pipeline(chunksInOrder, fs.createWriteStream(tmp));
      sha256 = hash.digest('hex');
    }
    if (size !== u.total_size) return '文件大小与登记不符，请重新上传';

    const rule = await materialRule(app, Number(u.work_type));
    if (!rule) return '该素材类型暂不支持上传';
    const checked = await checkUploadedFile(rule, { filename: u.filename, path: tmp });
    if (checked.message) return checked.message;

    // Stored once by hash: a second upload of the same bytes points at the first original.
    const key = originalKey(sha256);
    const existing = await findBlob(app.db, sha256);
    if (!existing || !(await app.storage.exists(existing.storage_key))) {
      await app.storage.putStream(key, fs.createReadStream(tmp));
    }
    const { name: _n, size: _s, type: _t, ...measured } = checked.meta;
    // The Content Credentials the creator's file carries (null: none), kept with the bytes they describe.
    const provenance = existing ? (existing.meta.provenance ?? null) : await readUploadProvenance(tmp, size, app.log);
    await insertBlob(app.db, {
      sha256,
      storage_key: existing?.storage_key ?? key,
      size,
      mime: checked.meta.type,
      meta: { ...measured, provenance },
    });
    await completeUpload(app.db, u.id, sha256);
    await deleteChunkObjects(app, u.id).catch((err) => app.log.warn({ err, uploadId: u.id }, 'chunk cleanup failed'));
    return null;
  } finally {
    await fs.promises.rm(tmp, { force: true });
  }
}
