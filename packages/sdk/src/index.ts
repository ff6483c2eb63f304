/**
 * The typed client of Lumen's public API (/api/v1): openapi-fetch over the types generated from
 * the server's OpenAPI document (schema.d.ts), with the API key sent as a bearer token.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema';

export type { paths, components } from './schema';

export interface LumenClientOptions {
  /** The site's origin, e.g. https://www.lumen.example (paths start with /api/v1). */
  baseUrl: string;
  /** The secret shown once when the key was created: `lm_live_…`. */
  apiKey: string;
  /** Another fetch (tests pass one that answers in-process). */
  fetch?: (input: Request) => Promise<Response>;
}

export type LumenClient = Client<paths>;

/** A client whose every call carries `Authorization: Bearer <apiKey>`. */
export function createLumenClient({ baseUrl, apiKey, fetch }: LumenClientOptions): LumenClient {
  return createClient<paths>({
    baseUrl,
    headers: { authorization: `Bearer ${apiKey}` },
    ...(fetch && { fetch }),
  });
}

/** A fresh Idempotency-Key for a POST that moves money or creates evidence (reuse it when retrying). */
export const newIdempotencyKey = (): string => globalThis.crypto.randomUUID();

/**
 * Checks a webhook delivery's Lumen-Webhook-Signature against the raw body and the endpoint's
 * signing secret (whsec_…): '' when valid, else why not. The same function the server signs with.
 */
export { verifyWebhookSignature, WEBHOOK_TOLERANCE_S } from '../../../src/schemas/webhooks/signature';
