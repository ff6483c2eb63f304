import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/index.js';
import { AppError, fail } from '../../http/envelope.js';
import { canonicalJson } from '../../security/canonical-json.js';
import {
  claimIdempotency,
  completeIdempotency,
  findIdempotency,
  releaseIdempotency,
} from '../../repositories/api-idempotency.js';
import { apiError } from '../../services/api-keys.js';
import { IDEMPOTENCY_HOURS } from '../../../../src/schemas/api-keys/scopes.js';
import { callerOf } from './key-auth.js';

/** How long a retry waits for its twin still at work before answering 409, and how often it looks. */
const WAIT_MS = 30_000;
const POLL_MS = 50;

/** The Idempotency-Key header every v1 POST that moves money or creates evidence requires. */
export const idempotencyHeader = {
  type: 'object',
  required: ['idempotency-key'],
  properties: {
    'idempotency-key': {
      type: 'string',
      minLength: 8,
      maxLength: 255,
      pattern: '^[\\x21-\\x7e]+$',
      description: `幂等键：同一密钥下相同的键与请求体在 ${IDEMPOTENCY_HOURS} 小时内只执行一次，重试得到首次的答复`,
    },
  },
} as const;

const requestHash = (req: FastifyRequest, body: unknown) =>
  crypto
    .createHash('sha256')
    .update(`${req.method} ${req.url.split('?')[0]}\n${canonicalJson(body ?? null)}`)
    .digest('hex');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `work` once per (key, Idempotency-Key): the claim row is inserted before the work, so of two
 * parallel twins one works and the other waits for the stored answer; a retry within the kept hours
 * gets that answer again (4xx refusals included). The same key with another body is a 422. A server
 * failure gives the claim back, so a retry may try again.
 */
export async function idempotent<T>(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  work: () => Promise<T>,
  /** What "the same request" means: the JSON body, or what a multipart body held (form and file hash). */
  body: unknown = req.body,
): Promise<T | FastifyReply> {
  const { key } = callerOf(req);
  const idemKey = String(req.headers['idempotency-key'] ?? '');
  if (!idemKey) throw apiError(400, 'idempotency_key_missing', '请在 Idempotency-Key 请求头中提供幂等键');
  const hash = requestHash(req, body);
  const deadline = Date.now() + WAIT_MS;
  while (!(await claimIdempotency(db, key.id, idemKey, hash, IDEMPOTENCY_HOURS))) {
    const row = await findIdempotency(db, key.id, idemKey);
    if (row && row.requestHash !== hash)
      throw apiError(422, 'idempotency_key_reused', '该 Idempotency-Key 已用于内容不同的请求，请换用新的幂等键');
    if (row?.status != null) return reply.status(row.status).header('idempotent-replayed', 'true').send(row.answer);
    if (Date.now() > deadline) throw apiError(409, 'idempotency_in_progress', '相同请求仍在处理中，请稍后重试');
    if (row) await sleep(POLL_MS);
  }
  try {
    const answer = await work();
    await completeIdempotency(db, key.id, idemKey, 200, answer);
    return answer;
  } catch (e) {
    if (e instanceof AppError && e.statusCode < 500 && e.statusCode !== 429) {
      const data = (e.data && typeof e.data === 'object' ? e.data : {}) as Record<string, unknown>;
      await completeIdempotency(db, key.id, idemKey, e.statusCode, fail(e.statusCode, e.message, data));
    } else await releaseIdempotency(db, key.id, idemKey);
    throw e;
  }
}
