import type { UploaderChunk, UploaderOptions } from 'simple-uploader.js';
import { getToken } from '../../lib/token';
import { baseUrlFor } from '../../dataProvider/axios';

/** The chunk endpoint of the protocol (GET = test chunk, POST = upload chunk). */
export const CHUNK_PATH = '/api/upload/chunk';

/**
 * Uploader settings. Spec §9 defaults: 1 MB chunks, 3 simultaneous, progress every 500 ms, test
 * chunks on. Chunk retries are set (the library's default is none): a 503 or a dropped connection
 * is tried again. Beyond the spec's permanent 404/415/500/501, answers that a retry cannot change
 * (bad parameters, not logged in, not allowed, conflict, too large) fail the file at once.
 */
export const UPLOADER_DEFAULTS = {
  chunkSize: 1024 * 1024,
  simultaneousUploads: 3,
  progressCallbacksInterval: 500,
  testChunks: true,
  maxChunkRetries: 5,
  chunkRetryInterval: 1000,
  successStatuses: [200, 201, 202],
  permanentErrors: [400, 401, 403, 404, 409, 413, 415, 500, 501],
} as const;

/** Received chunk numbers from a test or upload answer (the lumen:api/upload envelope), or null. */
export function uploadedChunksOf(message: string): number[] | null {
  try {
    const body = JSON.parse(message);
    const list = body?.data?.uploaded;
    return Array.isArray(list) ? list : null;
  } catch {
    return null;
  }
}

/**
 * checkChunkUploadedByResponse: one answer lists every chunk the server holds, so a resumed or
 * already stored file skips those chunks without one test request each.
 */
export function chunkUploadedByResponse(chunk: UploaderChunk, message: string): boolean {
  return uploadedChunksOf(message)?.includes(chunk.offset + 1) ?? false;
}

/** The Chinese message of a failed answer (envelope msg), else a generic one by status. */
export function failureMessage(message: string, status?: number): string {
  try {
    const msg = JSON.parse(message)?.msg;
    if (typeof msg === 'string' && msg) return msg;
  } catch {
    /* not an envelope */
  }
  if (status === 401) return '还没有登录哦，请登录后完成此操作';
  return '网络错误 请稍后再试';
}

/** Options for one uploader; identifiers are the server-issued upload ids set by the caller. */
export function uploaderOptions(identifierOf: (file: File) => string): UploaderOptions {
  return {
    ...UPLOADER_DEFAULTS,
    permanentErrors: [...UPLOADER_DEFAULTS.permanentErrors],
    successStatuses: [...UPLOADER_DEFAULTS.successStatuses],
    target: baseUrlFor(CHUNK_PATH) + CHUNK_PATH,
    headers: (): Record<string, string> => {
      const token = getToken();
      return token ? { Authorization: token } : {};
    },
    allowDuplicateUploads: true,
    generateUniqueIdentifier: identifierOf,
    checkChunkUploadedByResponse: chunkUploadedByResponse,
  };
}
