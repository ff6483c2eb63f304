import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { multipart } from './multipart.js';

/** Material type codes (lumen:enums/material-type). */
export const VIDEO = 1;
export const IMAGE = 11;
/** The smallest chunk size lumen:api/upload-init allows: keeps multi-chunk test files small. */
export const SMALL_CHUNK = 256 * 1024;

export const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

export interface UploadInfo {
  id: string;
  state: string;
  totalChunks: number;
  chunkSize: number;
  uploaded: number[];
  sha256: string | null;
  proof: { offset: number; length: number } | null;
  error: string | null;
}

export async function initUpload(app: FastifyInstance, auth: Record<string, string>, body: Record<string, unknown>) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/upload/init',
    headers: auth,
    payload: { workType: IMAGE, chunkSize: SMALL_CHUNK, ...body },
  });
  return { res, body: res.json(), upload: res.json().data as UploadInfo };
}

/** The protocol parameters of chunk n of a file, as simple-uploader.js sends them. */
export function chunkParams(
  u: Pick<UploadInfo, 'id' | 'chunkSize' | 'totalChunks'>,
  file: Buffer,
  n: number,
  filename = 'file.png',
) {
  const start = (n - 1) * u.chunkSize;
  const end = n === u.totalChunks ? file.length : start + u.chunkSize;
  return {
    params: {
      chunkNumber: String(n),
      chunkSize: String(u.chunkSize),
      currentChunkSize: String(end - start),
      totalSize: String(file.length),
      identifier: u.id,
      filename,
      relativePath: filename,
      totalChunks: String(u.totalChunks),
    },
    bytes: file.subarray(start, end),
  };
}

export function testChunk(app: FastifyInstance, auth: Record<string, string>, u: UploadInfo, file: Buffer, n: number) {
  const { params } = chunkParams(u, file, n);
  return app.inject({ method: 'GET', url: `/api/upload/chunk?${new URLSearchParams(params)}`, headers: auth });
}

export function postChunk(
  app: FastifyInstance,
  auth: Record<string, string>,
  u: UploadInfo,
  file: Buffer,
  n: number,
  over: Record<string, string> = {},
  bytes?: Buffer,
) {
  const c = chunkParams(u, file, n);
  const fields = { ...c.params, ...over };
  const mp = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    {
      name: 'file',
      file: { filename: fields.filename, contentType: 'application/octet-stream', data: bytes ?? c.bytes },
    },
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/upload/chunk',
    headers: { ...auth, ...mp.headers },
    payload: mp.payload,
  });
}

/** Sends the given chunks one after another; returns the last answer. */
export async function sendChunks(
  app: FastifyInstance,
  auth: Record<string, string>,
  u: UploadInfo,
  file: Buffer,
  numbers: number[],
) {
  let last;
  for (const n of numbers) {
    last = await postChunk(app, auth, u, file, n);
    if (last.statusCode !== 200) return last;
  }
  return last!;
}

export const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
