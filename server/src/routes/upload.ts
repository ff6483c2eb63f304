import path from 'node:path';
import { Transform } from 'node:stream';
import type { FastifyError, FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { AppError, fail, ok } from '../http/envelope.js';
import { userFor } from './resource-routes.js';
import { envelopeOf } from '../http/envelope-schema.js';
import { uploadStatusSchema } from '../../../src/schemas/api/upload-responses.js';
import { uploadProofBody, type UploadProof } from '../../../src/schemas/api/upload.js';
import { chunkBody, chunkMismatch, fieldValues, readChunkParams, type ChunkParams } from './chunk-params.js';
import {
  cancelUpload,
  findOwnedUpload,
  hasChunk,
  receivedChunks,
  recordChunk,
  type UploadRow,
} from '../repositories/uploads.js';
import { deleteChunkObjects, MSG_TRANSIENT, tryAssemble } from '../services/uploads/assemble.js';
import { INIT_SCHEMA, initUpload, proveUpload } from '../services/uploads/init.js';
import { discardSpool, offerChunk } from '../services/uploads/spool.js';
import { chunkKey } from '../services/uploads/limits.js';
import { uploadStatus } from '../services/uploads/status.js';

// The largest chunk is the last one: under 2x the largest chunk size lumen:api/upload-init allows.
const CHUNK_MULTIPART_LIMITS = { fileSize: 32 * 1024 * 1024, files: 1, fields: 12, parts: 13, fieldSize: 4096 };
const ID_RE = /^u[0-9a-f]{24}$/;
const BUFFERED_CHUNK_BYTES = 4 * 1024 * 1024;
/** Chunks from the end within which a request tries the assembly claim (more than any client's parallel requests). */
const CLAIM_WINDOW = 32;
const MSG_NO_UPLOAD = '上传记录不存在或已失效，请重新选择文件上传';

/**
 * /api/upload — chunked resumable upload, the simple-uploader.js protocol (spec §7, §8):
 * POST /init issues the upload id used as identifier; GET /chunk tests a chunk (200 present with
 * every received chunk listed, 204 missing); POST /chunk stores one (multipart `file`); the request
 * that records the last chunk assembles. Status codes follow the uploader: 200 success, 404/415
 * permanent, 503 transient. GET /:id is the upload's status (its id goes to the work form next).
 */
export default async function upload(app: FastifyInstance) {
  await app.register(multipart, { limits: CHUNK_MULTIPART_LIMITS });
  // The uploader treats 500 as permanent and fails the whole file: an unexpected fault here
  // (database, storage) is answered 503, which it retries. Business errors go to the app's handler.
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError || err.validation || (err.statusCode && err.statusCode < 500)) throw err;
    req.log.error({ err }, 'upload request failed');
    return reply.status(503).send(fail(503, MSG_TRANSIENT));
  });

  // Owner, sizes and chunk layout of an upload never change: chunk requests of a receiving upload
  // read them from here instead of the database (its state is checked by recordChunk's insert).
  const receivingUploads = new Map<string, UploadRow>();
  const tmpDir = path.join(app.config.dataDir, 'tmp');
  const remember = (key: string, u: UploadRow) => {
    if (receivingUploads.size >= 5000) receivingUploads.delete(receivingUploads.keys().next().value!);
    receivingUploads.set(key, u);
  };

  /** The caller's upload named by the protocol; end states answer as the uploader needs them. */
  async function openUpload(p: ChunkParams, userId: number, cached = false): Promise<UploadRow> {
    const cacheKey = `${userId}:${p.identifier}`;
    const known = cached ? receivingUploads.get(cacheKey) : undefined;
    const u = known ?? (await findOwnedUpload(app.db, p.identifier, userId));
    if (u?.state === 'receiving' && !known) remember(cacheKey, u);
    else if (u && u.state !== 'receiving') receivingUploads.delete(cacheKey);
    if (!u || u.state === 'expired' || u.state === 'cancelled')
      throw new AppError(404, u ? '上传已过期或已取消，请重新上传' : MSG_NO_UPLOAD);
    if (u.state === 'failed') throw new AppError(415, u.error ?? '文件未通过校验');
    if (u.state === 'receiving') {
      const mismatch = chunkMismatch(p, u);
      if (mismatch) throw new AppError(409, mismatch);
    }
    return u;
  }

  const init = {
    config: { formSchema: INIT_SCHEMA },
    schema: { summary: '登记上传', response: envelopeOf(uploadStatusSchema) },
  };
  app.post('/init', init, async (req) => {
    const user = await userFor(req, 'creator');
    const u = await initUpload(app, Number(user.id), req.body);
    return ok(await uploadStatus(app.db, u), '已登记上传');
  });

  app.get(
    '/chunk',
    {
      schema: {
        summary: '检查分片',
        response: { ...envelopeOf(uploadStatusSchema), 204: { type: 'null', description: '该分片尚未收到' } },
      },
    },
    async (req, reply) => {
      const user = await req.requireUser();
      const p = readChunkParams(req.query);
      const u = await openUpload(p, Number(user.id));
      if (u.state === 'receiving' && !(await hasChunk(app.db, u.id, p.chunkNumber))) return reply.code(204).send();
      return ok(await uploadStatus(app.db, u));
    },
  );

  const chunk = {
    config: { requestBody: chunkBody() },
    schema: { summary: '上传分片', response: envelopeOf(uploadStatusSchema) },
  };
  app.post('/chunk', chunk, async (req) => {
    const user = await req.requireUser();
    if (!req.isMultipart()) throw new AppError(400, '请以表单方式上传分片');
    const part = await req.file();
    if (!part) throw new AppError(400, '请选择要上传的分片');
    try {
      const p = readChunkParams(fieldValues(part.fields as Record<string, unknown>));
      let u = await openUpload(p, Number(user.id), true);
      let received: number[] | undefined;
      if (u.state === 'receiving') {
        // A chunk sent twice is stored again (same bytes, atomic replace) and recorded once.
        const bytes = await storeChunk(p, part.file);
        const rec = await recordChunk(app.db, u.id, p.chunkNumber, p.currentChunkSize);
        // First record of this chunk: hand its bytes to the in-order spool (services/uploads/spool).
        if (rec.inserted && rec.state === 'receiving') offerChunk(tmpDir, u.id, p.chunkNumber, bytes);
        if (rec.state !== 'receiving' && !rec.uploaded.includes(p.chunkNumber)) {
          // The upload moved on (cancelled, expired, assembled) while the bytes were written.
          await app.storage.delete(chunkKey(u.id, p.chunkNumber));
        }
        received = rec.uploaded;
        u = { ...u, state: rec.state };
        // Concurrent last chunks each see the list without the others' uncommitted rows, so near the
        // end every request tries the claim (its own statement, a fresh snapshot): the last to commit wins.
        if (rec.state === 'receiving' && rec.uploaded.length + CLAIM_WINDOW >= u.total_chunks) {
          u = await tryAssemble(app, u.id);
          received = undefined;
        } else if (rec.state !== 'receiving') {
          u = (await findOwnedUpload(app.db, u.id, Number(user.id)))!;
          received = undefined;
        }
      }
      return answer(u, received);
    } finally {
      if (!part.file.readableEnded) part.file.resume();
    }
  });

  /**
   * Stores one chunk, cut off past its declared size; storage faults are transient (503). Chunks up
   * to BUFFERED_CHUNK_BYTES (the 1 MB default and its last chunk) are read into memory and written
   * with one put: far fewer file-system calls per chunk than a stream of 64 KB writes. Larger ones stream.
   */
  async function storeChunk(
    p: ChunkParams,
    file: NodeJS.ReadableStream & { truncated?: boolean },
  ): Promise<Buffer | null> {
    let size = 0;
    let buffered: Buffer | null = null;
    const key = chunkKey(p.identifier, p.chunkNumber);
    const tooLong = () => new AppError(400, '分片大小与登记的文件不符');
    try {
      if (p.currentChunkSize <= BUFFERED_CHUNK_BYTES) {
        const parts: Buffer[] = [];
        // Read to the end even past the limit, so the client gets the answer, not a reset.
        for await (const buf of file as AsyncIterable<Buffer>) {
          size += buf.length;
          if (size <= p.currentChunkSize) parts.push(buf);
        }
        if (size > p.currentChunkSize) throw tooLong();
        if (size === p.currentChunkSize && !file.truncated) {
          buffered = Buffer.concat(parts, size);
          await app.storage.put(key, buffered);
        }
      } else {
        const meter = new Transform({
          transform(buf: Buffer, _enc, cb) {
            size += buf.length;
            if (size > p.currentChunkSize) return cb(tooLong());
            cb(null, buf);
          },
        });
        file.on('error', (e) => meter.destroy(e));
        // putStream's pipeline reports the first error; later writes after it must not throw uncaught.
        meter.on('error', () => file.unpipe(meter));
        await app.storage.putStream(key, file.pipe(meter));
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      app.log.error({ err, key }, 'chunk write failed');
      throw new AppError(503, MSG_TRANSIENT);
    }
    if (size !== p.currentChunkSize || file.truncated) {
      await app.storage.delete(key);
      throw new AppError(400, '分片数据不完整，请重试');
    }
    return buffered;
  }

  async function answer(u: UploadRow, received?: number[]) {
    if (u.state === 'failed') throw new AppError(415, u.error ?? '文件未通过校验');
    if (u.state === 'expired' || u.state === 'cancelled') throw new AppError(404, '上传已过期或已取消，请重新上传');
    return ok(await uploadStatus(app.db, u, received));
  }

  async function ownedById(id: string, userId: number): Promise<UploadRow> {
    const u = ID_RE.test(id) ? await findOwnedUpload(app.db, id, userId) : null;
    if (!u) throw new AppError(404, MSG_NO_UPLOAD);
    return u;
  }

  app.get<{ Params: { id: string } }>(
    '/:id',
    { schema: { summary: '上传状态', response: envelopeOf(uploadStatusSchema) } },
    async (req) => {
      const user = await req.requireUser();
      let u = await ownedById(req.params.id, Number(user.id));
      // Every chunk arrived but no assembly finished (its process died): assemble now.
      if (u.state === 'receiving' && (await receivedChunks(app.db, u.id)).length === u.total_chunks)
        u = await tryAssemble(app, u.id);
      return ok(await uploadStatus(app.db, u));
    },
  );

  app.post<{ Params: { id: string }; Body: UploadProof }>(
    '/:id/proof',
    { schema: { summary: '秒传持有证明', body: uploadProofBody, response: envelopeOf(uploadStatusSchema) } },
    async (req) => {
      const user = await req.requireUser();
      await ownedById(req.params.id, Number(user.id));
      const u = await proveUpload(app, Number(user.id), req.params.id, req.body.sha256);
      return ok(await uploadStatus(app.db, u), u.state === 'complete' ? '秒传成功' : '文件需要完整上传');
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/:id',
    { schema: { summary: '取消上传', response: envelopeOf(uploadStatusSchema) } },
    async (req) => {
      const user = await req.requireUser();
      const u = await ownedById(req.params.id, Number(user.id));
      if (await cancelUpload(app.db, u.id, Number(user.id))) {
        discardSpool(u.id);
        await deleteChunkObjects(app, u.id);
      }
      return ok(await uploadStatus(app.db, (await findOwnedUpload(app.db, u.id, Number(user.id)))!), '已取消上传');
    },
  );
}
