/**
 * Webhooks, the part client and server share: event codes and labels (event-types.json), delivery
 * states (delivery-status.json), the endpoint form (endpoint-form.json), the address rule and the
 * signature a receiver checks. Pure: the SDK and receivers can import verifyWebhookSignature too.
 */
import eventTypes from './event-types.json';
import deliveryStatus from './delivery-status.json';
import endpointForm from './endpoint-form.json';

export { eventTypes as webhookEventTable, deliveryStatus as webhookDeliveryTable, endpointForm as webhookEndpointForm };
export { signWebhook, verifyWebhookSignature, WEBHOOK_TOLERANCE_S } from './signature';

export const WEBHOOK_EVENT_ID = 'lumen:enums/webhook-event';
export const WEBHOOK_DELIVERY_ID = 'lumen:status/webhook-delivery';
export const WEBHOOK_FORM_ID = 'lumen:forms/webhook-endpoint';

/** Every event an endpoint may subscribe to, in table order. */
export type WebhookEventType = (typeof eventTypes.oneOf)[number]['const'];
export const WEBHOOK_EVENT_TYPES = eventTypes.oneOf.map((b) => b.const) as WebhookEventType[];

/** The event "send test event" delivers: never subscribed to, sent to one endpoint on request. */
export const WEBHOOK_TEST_EVENT = { type: 'webhook.test', label: '测试事件' } as const;

export type WebhookDeliveryStatus = (typeof deliveryStatus.oneOf)[number]['const'];

/** Chinese name of an event type (the test event included); the code itself when unknown. */
export function webhookEventLabel(type: string): string {
  if (type === WEBHOOK_TEST_EVENT.type) return WEBHOOK_TEST_EVENT.label;
  return eventTypes.oneOf.find((b) => b.const === type)?.title ?? type;
}

/** Headers of every delivery (names as sent; HTTP header names are case-insensitive). */
export const WEBHOOK_HEADERS = {
  id: 'Lumen-Webhook-Id',
  timestamp: 'Lumen-Webhook-Timestamp',
  signature: 'Lumen-Webhook-Signature',
} as const;

/** Signing secrets start with this; the rest is random (shown once at creation and rotation). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** Deliveries per event and endpoint before it is given up, and the answer bytes kept per attempt. */
export const WEBHOOK_LIMITS = {
  maxAttempts: 10,
  attemptTimeoutMs: 10_000,
  answerExcerptBytes: 500,
  endpointsPerAccount: 20,
} as const;

/**
 * Why an endpoint address is refused before any network check ('' when its form is fine).
 * Plain http is accepted only where the server says so (development and test servers).
 */
export function webhookUrlProblem(input: string, opts: { allowHttp: boolean }): string {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return endpointForm.properties.url['x-msg'];
  }
  if (url.protocol !== 'https:' && !(opts.allowHttp && url.protocol === 'http:'))
    return 'Webhook 地址必须以 https:// 开头';
  if (url.username || url.password) return 'Webhook 地址中不能包含用户名或密码';
  return '';
}
