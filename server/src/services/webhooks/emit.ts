/**
 * Where the business flows tell webhooks what happened. Call inside the transaction of the change
 * (the outbox): the event row, one delivery per subscribed endpoint and its job commit with the
 * change or not at all. Costs one indexed query when nobody subscribed.
 */
import crypto from 'node:crypto';
import type { Queryable } from '../../db/index.js';
import { enqueue } from '../../jobs/index.js';
import * as repo from '../../repositories/webhooks.js';
import { WEBHOOK_DELIVER_TASK } from './deliver.js';
import type { WebhookEventType } from '../../../../src/schemas/webhooks/index.js';

/** Event ids: `evt_` and 24 hex digits; receivers de-duplicate by it. */
export const newEventId = () => `evt_${crypto.randomBytes(12).toString('hex')}`;

/** A new delivery of an event to an endpoint, and its job. */
export async function enqueueDelivery(
  q: Queryable,
  d: { endpointId: number; eventId: string; ownerId: number; resentFrom?: number },
): Promise<number> {
  const id = await repo.insertDelivery(q, d);
  await enqueue(q, WEBHOOK_DELIVER_TASK, { deliveryId: id }, { ownerId: d.ownerId, dedupeKey: `delivery:${id}` });
  return id;
}

/** Records an event of an account and queues its deliveries; the event id, or null when no endpoint listens. */
export async function emitWebhookEvent(
  q: Queryable,
  userId: number,
  type: WebhookEventType,
  data: Record<string, unknown>,
): Promise<string | null> {
  const endpoints = await repo.subscribedEndpoints(q, userId, type);
  if (!endpoints.length) return null;
  const eventId = newEventId();
  await repo.insertEvent(q, { id: eventId, userId, type, data: { accountId: userId, ...data } });
  for (const e of endpoints) await enqueueDelivery(q, { endpointId: e.id, eventId, ownerId: e.userId });
  return eventId;
}
