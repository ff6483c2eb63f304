import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  signWebhook,
  verifyWebhookSignature,
  webhookUrlProblem,
  WEBHOOK_LIMITS,
} from '../../../src/schemas/webhooks/index.js';
import { retryDelayMs } from '../../../server/src/jobs/backoff.js';
import { WEBHOOK_BACKOFF } from '../../../server/src/services/webhooks/deliver.js';

const secret = 'whsec_test-secret-0123456789abcdef';
const body = JSON.stringify({
  id: 'evt_1',
  type: 'order.paid',
  createdAt: '2026-11-29T00:00:00.000Z',
  data: { 金额: 1 },
});

describe('webhook signatures (the contract’s verifier against node:crypto)', () => {
  it('signs as docs/webhooks.md says: t=<ts>,v1=hex HMAC-SHA256("<ts>.<body>") keyed with the whole secret', () => {
    const expected = crypto.createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
    expect(signWebhook(secret, 1700000000, body)).toBe(`t=1700000000,v1=${expected}`);
  });

  it('accepts a valid signature and names what is wrong with others', () => {
    const header = signWebhook(secret, 1700000000, body);
    expect(verifyWebhookSignature({ secret, header, body, now: 1700000100 })).toBe('');
    expect(verifyWebhookSignature({ secret, header, body: body + ' ', now: 1700000100 })).toBe('signature mismatch');
    expect(verifyWebhookSignature({ secret: `${secret}x`, header, body, now: 1700000100 })).toBe('signature mismatch');
    expect(verifyWebhookSignature({ secret, header, body, now: 1700000301 })).toBe('timestamp outside the tolerance');
    expect(verifyWebhookSignature({ secret, header: 'v1=abc', body })).toBe('malformed signature header');
    expect(verifyWebhookSignature({ secret, header: undefined, body })).toBe('malformed signature header');
  });
});

describe('webhook addresses and retry schedule', () => {
  it('wants https unless the server allows http, and no credentials', () => {
    expect(webhookUrlProblem('https://example.com/hook', { allowHttp: false })).toBe('');
    expect(webhookUrlProblem('http://example.com/hook', { allowHttp: false })).toBe('Webhook 地址必须以 https:// 开头');
    expect(webhookUrlProblem('http://example.com/hook', { allowHttp: true })).toBe('');
    expect(webhookUrlProblem('https://a:b@example.com/', { allowHttp: true })).toBe(
      'Webhook 地址中不能包含用户名或密码',
    );
    expect(webhookUrlProblem('not a url', { allowHttp: true })).toBe('请输入以 https:// 开头的完整网址');
  });

  it('waits as docs/webhooks.md tabulates: between half and all of min(6 h, 1 min × 2^(n−1))', () => {
    const minutes = (n: number, r: number) => retryDelayMs(n, WEBHOOK_BACKOFF, () => r) / 60_000;
    const retries = Array.from({ length: WEBHOOK_LIMITS.maxAttempts - 1 }, (_, i) => i + 1);
    expect(retries.map((n) => [minutes(n, 0), minutes(n, 1)])).toEqual([
      [0.5, 1],
      [1, 2],
      [2, 4],
      [4, 8],
      [8, 16],
      [16, 32],
      [32, 64],
      [64, 128],
      [128, 256],
    ]);
  });
});
