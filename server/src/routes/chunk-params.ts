/**
 * server/src/http: route helpers that are about HTTP only (reading protocol parameters, multipart
 * fields). Business rules live in server/src/services, SQL in server/src/repositories.
 */
import { AppError } from '../http/envelope.js';
import type { ValidateFunction } from 'ajv';
import { createAjv } from '../../../src/schemas/validator.js';
import { errorList } from '../../../src/schemas/messages.js';
import { schemas } from '../../../src/schemas/index.js';
import { expectedChunkBytes } from '../services/uploads/limits.js';
import type { UploadRow } from '../repositories/uploads.js';
import type { DocumentedBody } from '../http/openapi.js';

/** The simple-uploader.js parameters of one chunk (lumen:api/upload-chunk). */
export interface ChunkParams {
  chunkNumber: number;
  chunkSize: number;
  currentChunkSize: number;
  totalSize: number;
  identifier: string;
  filename?: string;
  relativePath?: string;
  totalChunks: number;
}

const INTEGER_FIELDS = ['chunkNumber', 'chunkSize', 'currentChunkSize', 'totalSize', 'totalChunks'];

/** Multipart fields as plain values ({name: {value}} -> {name: value}). */
export function fieldValues(fields: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, f] of Object.entries(fields ?? {})) {
    const one = Array.isArray(f) ? f[0] : f;
    if (one && typeof one === 'object' && 'value' in one) out[k] = (one as { value: unknown }).value;
  }
  return out;
}

/** POST /api/upload/chunk's body as the API reference shows it: the protocol's parameters as text parts, then `file`. */
export function chunkBody(): DocumentedBody {
  const params = schemas['lumen:api/upload-chunk'];
  return {
    mediaType: 'multipart/form-data',
    description: '分片协议参数（lumen:api/upload-chunk）以文本字段发送，放在 file 之前；file 为本片的字节。',
    schema: {
      type: 'object',
      required: [...params.required, 'file'],
      properties: { ...params.properties, file: { type: 'string', format: 'binary', title: '分片数据' } },
    },
  };
}

// The protocol's parameters are fixed by the uploader library, not a business rule staff edit: the
// bundled lumen:api/upload-chunk is compiled once (each chunk request is validated; no recompiles).
let validateChunk: ValidateFunction | null = null;

/** Parses (query strings and form fields arrive as text) and validates the protocol parameters. */
export function readChunkParams(raw: unknown): ChunkParams {
  const data: Record<string, unknown> = raw !== null && typeof raw === 'object' ? { ...raw } : {};
  for (const k of INTEGER_FIELDS)
    if (typeof data[k] === 'string' && /^\d{1,15}$/.test(data[k] as string)) data[k] = Number(data[k]);
  validateChunk ??= createAjv().compile(schemas['lumen:api/upload-chunk']);
  if (!validateChunk(data)) throw new AppError(400, errorList(validateChunk.errors)[0]);
  return data as unknown as ChunkParams;
}

/** Why these parameters do not fit the registered upload (tus discipline: 409), or null. */
export function chunkMismatch(p: ChunkParams, u: UploadRow): string | null {
  if (p.totalSize !== u.total_size || p.chunkSize !== u.chunk_size || p.totalChunks !== u.total_chunks)
    return '分片参数与登记的文件不符，请重新选择文件上传';
  if (p.chunkNumber > u.total_chunks) return '分片序号超出范围';
  if (p.currentChunkSize !== expectedChunkBytes(p.chunkNumber, u.total_size, u.chunk_size, u.total_chunks))
    return '分片大小与登记的文件不符';
  return null;
}
