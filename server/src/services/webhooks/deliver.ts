/**
 * The delivery job: one POST of an event to one endpoint per run, through the egress policy (the
 * address is checked again at every attempt: DNS may now answer an inner address). A 2xx ends it;
 * anything else is recorded and thrown, so the queue retries with its backoff until maxAttempts.
 */
import { defineTask } from '../../jobs/index.js';
import { EGRESS_UNREACHABLE, EgressRefused, egressFetch, egressPolicy } from '../../egress/index.js';
import * as repo from '../../repositories/webhooks.js';
import { open, sealingKey } from './secret-box.js';
import { WEBHOOK_HEADERS, WEBHOOK_LIMITS, signWebhook } from '../../../../src/schemas/webhooks/index.js';

export const WEBHOOK_DELIVER_TASK = 'webhooks.deliver';

/**
 * Retry delays of the queue's retryDelayMs (equal jitter): after attempt n between half and all of
 * min(6 h, 1 min * 2^(n-1)), so 10 attempts span about 4 to 8.5 hours (docs/webhooks.md).
 */
export const WEBHOOK_BACKOFF = { baseMs: 60_000, maxMs: 6 * 3600_000 };

/** The JSON body receivers get (its id is the event's: a resend carries the same id). */
export function deliveryBody(e: repo.DeliveryToSend['event']): string {
  return JSON.stringify({ id: e.id, type: e.type, createdAt: e.createdAt.toISOString(), data: e.data });
}

/** Rejects when the signal aborts, whatever the promise does (a connect does not listen to it). */
const abortable = <T>(p: Promise<T>, signal: AbortSignal): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });

defineTask<{ deliveryId: number }>(
  WEBHOOK_DELIVER_TASK,
  async ({ deliveryId }, ctx) => {
    const d = await repo.deliveryToSend(ctx.db, deliveryId);
    // Deleted with its endpoint, or already ended (a job run twice): nothing to send.
    if (!d || d.status !== 'pending') return { skipped: true };
    const last = ctx.attempt >= ctx.maxAttempts;
    if (!d.enabled) {
      await repo.finishDelivery(ctx.db, d.id, 'failed');
      return { skipped: true, reason: 'endpoint disabled' };
    }
    const body = deliveryBody(d.event);
    const ts = Math.floor(Date.now() / 1000);
    const startedAt = new Date();
    let statusCode: number | null = null;
    let error: string | null = null;
    let answer: string | null = null;
    try {
      let secret: string;
      try {
        secret = open(sealingKey(ctx.config.dataDir), d.secretBox, d.userId);
      } catch {
        throw new Error('签名密钥无法解密（密钥已更换或数据库来自其他部署），请更换签名密钥');
      }
      const timeout = AbortSignal.timeout(WEBHOOK_LIMITS.attemptTimeoutMs);
      const signal = AbortSignal.any([ctx.signal, timeout]);
      const res = await abortable(
        egressFetch(egressPolicy(), d.url, {
          method: 'POST',
          body,
          redirect: 'manual',
          maxBytes: WEBHOOK_LIMITS.answerExcerptBytes,
          signal,
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'Lumen-Webhooks/1',
            [WEBHOOK_HEADERS.id]: d.event.id,
            [WEBHOOK_HEADERS.timestamp]: String(ts),
            [WEBHOOK_HEADERS.signature]: signWebhook(secret, ts, body),
          },
        }),
        signal,
      ).catch((err) => {
        if (ctx.signal.aborted) throw ctx.signal.reason;
        throw timeout.aborted ? new Error(`超时（${WEBHOOK_LIMITS.attemptTimeoutMs / 1000} 秒内未回答）`) : err;
      });
      statusCode = res.status;
      answer = res.body.toString('utf8').slice(0, WEBHOOK_LIMITS.answerExcerptBytes);
    } catch (err) {
      if (ctx.signal.aborted) throw err; // shutdown or cancel: the queue hands the job back
      if (err instanceof EgressRefused) ctx.log.warn({ deliveryId, reason: err.reason }, 'webhook delivery refused');
      error = err instanceof EgressRefused ? EGRESS_UNREACHABLE : (err as Error).message.slice(0, 500);
    }
    const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
    await ctx.db.tx(async (q) => {
      await repo.recordAttempt(q, d.id, {
        attempt: ctx.attempt,
        startedAt,
        durationMs: Date.now() - startedAt.getTime(),
        statusCode,
        error,
        answer,
      });
      if (ok || last) await repo.finishDelivery(q, d.id, ok ? 'succeeded' : 'failed');
    });
    if (!ok) throw new Error(error ?? `接收方返回 ${statusCode}`);
    return { statusCode };
  },
  { maxAttempts: WEBHOOK_LIMITS.maxAttempts, timeoutMs: 60_000, concurrency: 4, backoff: WEBHOOK_BACKOFF },
);
