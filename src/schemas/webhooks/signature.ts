import HmacSHA256 from 'crypto-js/hmac-sha256.js';
import Hex from 'crypto-js/enc-hex.js';

/**
 * The delivery signature, as Stripe signs: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`,
 * keyed with the whole signing secret (`whsec_...`) as UTF-8. Pure (crypto-js), so the browser, the
 * SDK and Node receivers share it; docs/webhooks.md shows the same check with node:crypto.
 */
export const WEBHOOK_TOLERANCE_S = 300;

/** The signature header's value for a body sent at `timestamp` (unix seconds). */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${HmacSHA256(`${timestamp}.${body}`, secret).toString(Hex)}`;
}

/** Compares two strings in time independent of where they differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Checks a delivery: the header's timestamp is within `toleranceS` of now (replays of old
 * deliveries fail) and one of its v1 signatures matches the raw body. Pass the body exactly as
 * received (before JSON.parse). Returns '' when valid, else why not (English, for receivers' logs).
 */
export function verifyWebhookSignature(input: {
  secret: string;
  header: string | null | undefined;
  body: string;
  toleranceS?: number;
  now?: number;
}): string {
  const parts = (input.header ?? '').split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  const sigs = parts.filter(([k, v]) => k === 'v1' && v).map(([, v]) => v);
  if (!Number.isInteger(t) || !sigs.length) return 'malformed signature header';
  const now = input.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - t) > (input.toleranceS ?? WEBHOOK_TOLERANCE_S)) return 'timestamp outside the tolerance';
  const expected = signWebhook(input.secret, t, input.body).split('v1=')[1];
  return sigs.some((s) => sameText(s, expected)) ? '' : 'signature mismatch';
}
