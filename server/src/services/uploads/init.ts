import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/envelope.js';
import { validateWith } from '../../schemas/store.js';
import { checkFileMeta, formatBytes } from '../../../../src/schemas/file-rules.js';
import {
  completeUpload,
  findBlob,
  findOwnedUpload,
  openUploadForFile,
  setProofChallenge,
  takeProofChallenge,
  userHasBlob,
  type UploadRow,
} from '../../repositories/uploads.js';
import { deleteChunkObjects } from './assemble.js';
import { chunkCount, UPLOAD_LIMITS } from './limits.js';
import { discardSpool } from './spool.js';
import { materialRule } from './status.js';

/** The schema an init body is checked with (its current version in the schema store). */
export const INIT_SCHEMA = 'lumen:api/upload-init';

export interface InitBody {
  name: string;
  size: number;
  type?: string;
  sha256?: string;
  /** File.lastModified in ms: with name and size, finds the same file again after a reload. */
  lastModified?: number;
  workType: number;
  chunkSize?: number;
}

/**
 * Registers one file before its chunks: checks the declared name/size/type against the material
 * rule (the content is checked again after assembly), applies the per-user limits atomically and
 * issues the upload id the protocol uses as identifier. When the declared SHA-256 names an original
 * the server already has, the upload completes at once if the user uploaded it before, else the
 * answer carries a possession challenge (a byte range whose SHA-256 the client must send).
 */
export async function initUpload(app: FastifyInstance, userId: number, raw: unknown): Promise<UploadRow> {
  const errors = await validateWith(app, INIT_SCHEMA, raw);
  if (errors.length) throw new AppError(400, errors[0]);
  const body = raw as InitBody;
  const rule = await materialRule(app, body.workType);
  if (!rule) throw new AppError(400, '该素材类型暂不支持上传');
  const refusal = checkFileMeta(rule, { name: body.name, size: body.size, type: body.type ?? '' });
  if (refusal) throw new AppError(400, refusal);

  // A stored original of this size: the upload completes at once, or after a possession proof.
  const found = body.sha256 ? await findBlob(app.db, body.sha256) : null;
  const blob = found && found.size === body.size ? found : null;
  if (blob) {
    // The stored original was measured once; the rule of this material type must accept it too.
    const stored = checkFileMeta(rule, { ...blob.meta, name: body.name, size: blob.size, type: blob.mime });
    if (stored) throw new AppError(400, stored);
  }

  const chunkSize = body.chunkSize ?? UPLOAD_LIMITS.defaultChunkSize;
  const opened = await openUploadForFile(
    app.db,
    {
      id: `u${crypto.randomBytes(12).toString('hex')}`,
      userId,
      workType: body.workType,
      filename: body.name,
      totalSize: body.size,
      chunkSize,
      totalChunks: chunkCount(body.size, chunkSize),
      claimedSha256: body.sha256 ?? null,
      lastModified: body.lastModified ?? null,
      ttlSeconds: UPLOAD_LIMITS.ttlSeconds,
    },
    UPLOAD_LIMITS,
    // A file the server has whole needs no chunks: nothing to resume.
    { resume: !blob },
  );
  for (const id of opened.superseded) {
    discardSpool(id);
    await deleteChunkObjects(app, id).catch((err) => app.log.warn({ err, uploadId: id }, 'chunk cleanup failed'));
  }
  if ('refused' in opened && opened.refused === 'count')
    throw new AppError(
      429,
      `同时进行中的上传不能超过${UPLOAD_LIMITS.maxOpenUploads}个，请等待已有文件上传完成或取消后再试`,
    );
  if ('refused' in opened)
    throw new AppError(
      413,
      `进行中的上传总大小不能超过${formatBytes(UPLOAD_LIMITS.maxOpenBytes)}，请等待已有文件上传完成或取消后再试`,
    );
  // The same file picked again (after a reload, in another tab): its chunks are there; the uploader's
  // test GET skips them. Its content is checked by SHA-256 after assembly as for any upload.
  if (opened.resumed) return opened.row;
  const inserted = opened.row;

  if (blob) {
    if (await userHasBlob(app.db, userId, blob.sha256)) {
      await completeUpload(app.db, inserted.id, blob.sha256);
    } else {
      const length = Math.min(UPLOAD_LIMITS.proofLength, blob.size);
      const offset = crypto.randomInt(0, blob.size - length + 1);
      await setProofChallenge(app.db, inserted.id, offset, length);
    }
    return (await findOwnedUpload(app.db, inserted.id, userId))!;
  }
  return inserted;
}

/**
 * Answers a possession challenge: the SHA-256 of the challenged range of the stored original must
 * match. Each challenge is answered once; a wrong answer leaves the upload receiving chunks as usual.
 */
export async function proveUpload(
  app: FastifyInstance,
  userId: number,
  uploadId: string,
  rangeSha256: unknown,
): Promise<UploadRow> {
  const upload = await findOwnedUpload(app.db, uploadId, userId);
  if (!upload) throw new AppError(404, '上传记录不存在或已失效');
  if (typeof rangeSha256 !== 'string' || !/^[0-9a-f]{64}$/.test(rangeSha256))
    throw new AppError(400, '文件指纹格式不正确');
  const challenge = await takeProofChallenge(app.db, uploadId, userId);
  if (!challenge) throw new AppError(409, '该上传无需或已提交过持有证明，请直接上传文件');
  const blob = upload.claimed_sha256 ? await findBlob(app.db, upload.claimed_sha256) : null;
  if (blob) {
    const hash = crypto.createHash('sha256');
    const range = { start: challenge.offset, end: challenge.offset + challenge.length - 1 };
    for await (const buf of await app.storage.stream(blob.storage_key, range)) hash.update(buf as Buffer);
    const expected = hash.digest();
    const given = Buffer.from(rangeSha256, 'hex');
    if (crypto.timingSafeEqual(expected, given)) await completeUpload(app.db, uploadId, blob.sha256);
  }
  return (await findOwnedUpload(app.db, uploadId, userId))!;
}
