import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { countMessage, ruleMessage, type FileMeta, type UploadRule } from '../../../src/schemas/file-rules.js';
import { AppError } from '../http/envelope.js';
import { checkUploadedFile } from '../security/file-check.js';
import { validateForm } from './form-validate.js';
import { parseJsonText } from '../http/json-body.js';
import type { DocumentedBody } from '../http/openapi.js';
import { bundledSchema } from '../../../src/schemas/index.js';

/** Hard ceiling per file part; the rule's own maxBytes is enforced while streaming. */
export const MULTIPART_LIMITS = { fileSize: 210 * 1024 * 1024, files: 10, fields: 4, fieldSize: 256 * 1024, parts: 14 };

export interface UploadedFile {
  tmpPath: string;
  name: string;
  size: number;
  mime: string;
  sha256: string;
  meta: FileMeta;
  /** The form field the file was posted under (fileField or one of extraFileFields). */
  field: string;
}

export interface FormUpload {
  form: Record<string, any>;
  files: UploadedFile[];
  /** Removes temp files that were not moved into storage. */
  cleanup: () => Promise<void>;
}

export interface FormUploadSpec {
  schemaId: string;
  /** The form field that holds the files' metadata. */
  fileField: string;
  /**
   * Further file fields checked by the same rule, each with its own count (e.g. the back of an ID
   * card beside its front); optional unless the form lists files for them.
   */
  extraFileFields?: string[];
  /** The current upload rule for the validated form (e.g. by its work category). */
  ruleFor: (form: Record<string, any>) => Promise<UploadRule | undefined>;
  /** Message when the form's choice has no rule. */
  noRule: string;
}

/** The form and file fields of a form upload: what readFormUpload reads and the API reference shows. */
export type FormUploadFields = Pick<FormUploadSpec, 'schemaId' | 'fileField' | 'extraFileFields'>;

/** A field's title wherever the form defines it (its properties or a dependency branch). */
function titleOf(node: unknown, field: string): string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const own = (node as { properties?: Record<string, { title?: string }> }).properties?.[field]?.title;
  return own ?? Object.values(node).reduce<string | undefined>((found, v) => found ?? titleOf(v, field), undefined);
}

/**
 * The body of a form-upload route as the API reference shows it (config.requestBody): the `data`
 * part with the form's JSON, then the files under the form's file fields.
 */
export function formUploadBody(fields: FormUploadFields): DocumentedBody {
  const form = bundledSchema(fields.schemaId);
  const files = [fields.fileField, ...(fields.extraFileFields ?? [])].map((field) => [
    field,
    { type: 'array', title: titleOf(form, field) ?? field, items: { type: 'string', format: 'binary' } },
  ]);
  return {
    mediaType: 'multipart/form-data',
    description:
      '先发送 data（表单的 JSON），再发送文件；每个文件按当前上传规则检查内容，表单中的文件信息以服务器测得的为准。',
    schema: {
      type: 'object',
      required: ['data', fields.fileField],
      properties: { data: { $ref: fields.schemaId }, ...Object.fromEntries(files) },
    },
  };
}

/** Where uploads are streamed before they are checked and moved into storage (emptied at start-up). */
export const uploadTempDir = (dataDir: string): string => path.join(dataDir, 'tmp');

const fieldError = (field: string, msg: string) => new AppError(400, msg, { fieldErrors: { [`/${field}`]: msg } });

/**
 * Reads a multipart form posted by the generated views: a `data` part with the form JSON first,
 * then the files. The form is validated with the current schema (the browser's claimed file
 * metadata included), each file is streamed to a temp file with its SHA-256 and cut off at the
 * rule's size, then checked BY CONTENT with the same rule; the form's file list is replaced by the
 * measured metadata, so only what the server saw is stored.
 */
export async function readFormUpload(
  app: FastifyInstance,
  req: FastifyRequest,
  spec: FormUploadSpec,
): Promise<FormUpload> {
  if (!req.isMultipart()) throw new AppError(400, '请以表单方式上传文件');
  const tmpDir = uploadTempDir(app.config.dataDir);
  await fs.promises.mkdir(tmpDir, { recursive: true });
  const files: UploadedFile[] = [];
  const cleanup = async () => {
    await Promise.all(files.map((f) => fs.promises.rm(f.tmpPath, { force: true })));
  };
  // Assigned inside handlePart; typed loosely so control-flow narrowing does not pin them to null.
  let form = null as Record<string, any> | null;
  let rule = undefined as UploadRule | undefined;
  let refusal = null as { field: string; message: string } | null;
  const fileFields = [spec.fileField, ...(spec.extraFileFields ?? [])];
  try {
    /** One part: the form JSON (validated, picks the rule) or a file (streamed, hashed, size-capped). */
    const handlePart = async (part: Multipart) => {
      if (part.type === 'field') {
        if (part.fieldname !== 'data') return;
        const body = parseJsonText(String(part.value), '表单内容格式不正确');
        // By name, not validateRouteForm: the form is the multipart `data` part, documented by formUploadBody.
        form = await validateForm(app, spec.schemaId, body);
        rule = await spec.ruleFor(form);
        if (!rule) throw fieldError(spec.fileField, spec.noRule);
        return;
      }
      if (!form || !rule) {
        part.file.resume();
        throw new AppError(400, '请先填写表单再上传文件');
      }
      const field = part.fieldname;
      if (!fileFields.includes(field) || refusal) {
        part.file.resume();
        return;
      }
      if (files.filter((f) => f.field === field).length >= rule.maxCount) {
        refusal = { field, message: countMessage(rule) };
        part.file.resume();
        return;
      }
      const tmpPath = path.join(tmpDir, crypto.randomBytes(12).toString('hex'));
      const hash = crypto.createHash('sha256');
      let size = 0;
      const max = rule.maxBytes ?? Infinity;
      const meter = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          size += chunk.length;
          // Past the rule's size: keep draining the request, stop writing.
          if (size > max) return cb();
          hash.update(chunk);
          cb(null, chunk);
        },
      });
      files.push({
        tmpPath,
        name: path.basename(part.filename || 'file'),
        size: 0,
        mime: '',
        sha256: '',
        meta: { name: '', size: 0, type: '' },
        field,
      });
      await pipeline(part.file, meter, fs.createWriteStream(tmpPath));
      if (size > max || (part.file as any).truncated) refusal = { field, message: ruleMessage(rule) };
      Object.assign(files[files.length - 1], { size, sha256: hash.digest('hex') });
    };

    // After the first failure the rest of the request is still read (and dropped), so the client
    // receives the Chinese answer instead of a connection reset mid-upload.
    let failure: unknown = null;
    for await (const part of req.parts({ limits: MULTIPART_LIMITS })) {
      if (failure) {
        if (part.type === 'file') part.file.resume();
        continue;
      }
      try {
        await handlePart(part);
      } catch (e) {
        failure = e;
        if (part.type === 'file' && !part.file.readableEnded) part.file.resume();
      }
    }
    if (failure) throw failure;
    if (!form || !rule) throw new AppError(400, '请填写表单内容');
    if (refusal) throw fieldError(refusal.field, refusal.message);
    for (const field of fileFields) {
      const claimed = Array.isArray(form[field]) && form[field].length > 0;
      if ((field === spec.fileField || claimed) && !files.some((f) => f.field === field))
        throw fieldError(field, '请上传文件');
    }
    for (const f of files) {
      const r = await checkUploadedFile(rule, { filename: f.name, path: f.tmpPath });
      if (r.message) throw fieldError(f.field, r.message);
      f.meta = r.meta;
      f.mime = r.meta.type;
    }
    for (const field of fileFields) {
      const mine = files.filter((f) => f.field === field);
      if (mine.length) form[field] = mine.map((f) => f.meta);
    }
    return { form, files, cleanup };
  } catch (e) {
    await cleanup();
    throw e;
  }
}

/**
 * Streams an accepted temp file into the store under a server-generated key (local disk or a
 * bucket alike), recording its measured type and SHA-256; the temp file goes with cleanup().
 */
export async function storeUploaded(app: FastifyInstance, group: string, f: UploadedFile): Promise<string> {
  const key = app.storage.newKey(group, path.extname(f.name).slice(1));
  await app.storage.putStream(key, fs.createReadStream(f.tmpPath), {
    contentType: f.mime || undefined,
    size: f.size,
    sha256: f.sha256,
  });
  return key;
}
