import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/index.js';
import { findBlob, receivedChunks, type UploadRow } from '../../repositories/uploads.js';
import { schemaStoreFor } from '../../schemas/store.js';
import { resolveRule, ruleRefFor } from '../../../../src/schemas/registry.js';
import type { UploadRule } from '../../../../src/schemas/file-rules.js';
import type { UploadStatus } from '../../../../src/schemas/api/upload.js';

export type { UploadStatus };

const allChunks = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v == null ? null : String(v));

/** What the client sees of an upload (one GET lists every received chunk: checkChunkUploadedByResponse); `received` when the caller already read the list. */
export async function uploadStatus(q: Queryable, u: UploadRow, received?: number[]): Promise<UploadStatus> {
  const done = u.state === 'complete' || u.state === 'assembling';
  const uploaded = done
    ? allChunks(u.total_chunks)
    : u.state === 'receiving'
      ? (received ?? (await receivedChunks(q, u.id)))
      : [];
  const blob = u.state === 'complete' && u.sha256 ? await findBlob(q, u.sha256) : null;
  return {
    id: u.id,
    state: u.state,
    workType: Number(u.work_type),
    filename: u.filename,
    size: u.total_size,
    chunkSize: u.chunk_size,
    totalChunks: u.total_chunks,
    uploaded,
    sha256: blob?.sha256 ?? null,
    mime: blob?.mime ?? null,
    meta: blob?.meta ?? null,
    error: u.error,
    proof:
      u.state === 'receiving' && u.proof_offset != null
        ? { offset: u.proof_offset, length: Number(u.proof_length) }
        : null,
    expiresAt: iso(u.expires_at)!,
    completedAt: iso(u.completed_at),
  };
}

/** The current upload rule of a material type (lumen:rules/material), or undefined when it has none. */
export async function materialRule(
  app: Pick<FastifyInstance, 'db'>,
  workType: number,
): Promise<UploadRule | undefined> {
  const store = schemaStoreFor(app.db);
  await store.all();
  const ref = ruleRefFor('material', workType, store.lookup);
  return ref ? resolveRule(ref, store.lookup) : undefined;
}
