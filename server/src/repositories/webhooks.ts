/** SQL of webhooks: endpoints, the event outbox, deliveries and their attempts (migration 1030). */
import type { Queryable } from '../db/index.js';

export interface EndpointRow {
  id: number;
  userId: number;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  secretHint: string;
  createdAt: Date;
  updatedAt: Date;
}

const ENDPOINT = `id, user_id AS "userId", url, description, events, enabled, secret_hint AS "secretHint",
  created_at AS "createdAt", updated_at AS "updatedAt"`;

const endpointOf = (r: Record<string, unknown>): EndpointRow => ({
  ...(r as unknown as EndpointRow),
  id: Number(r.id),
  userId: Number(r.userId),
});

export async function listEndpoints(q: Queryable, userId: number): Promise<EndpointRow[]> {
  const r = await q.query(`SELECT ${ENDPOINT} FROM webhook_endpoints WHERE user_id = $1 ORDER BY id`, [userId]);
  return r.rows.map(endpointOf);
}

export async function countEndpoints(q: Queryable, userId: number): Promise<number> {
  const r = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_endpoints WHERE user_id = $1', [
    userId,
  ]);
  return r.rows[0].n;
}

/** An endpoint of this account (null for another account's: the caller answers 404). */
export async function findEndpoint(q: Queryable, userId: number, id: number): Promise<EndpointRow | null> {
  const r = await q.query(`SELECT ${ENDPOINT} FROM webhook_endpoints WHERE id = $1 AND user_id = $2`, [id, userId]);
  return r.rows[0] ? endpointOf(r.rows[0]) : null;
}

export async function insertEndpoint(
  q: Queryable,
  e: { userId: number; url: string; description: string; events: string[]; secretBox: string; secretHint: string },
): Promise<number> {
  const r = await q.query<{ id: string }>(
    `INSERT INTO webhook_endpoints(user_id, url, description, events, secret_box, secret_hint)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [e.userId, e.url, e.description, e.events, e.secretBox, e.secretHint],
  );
  return Number(r.rows[0].id);
}

/** Changes what the owner may change; false when the endpoint is not this account's. */
export async function updateEndpoint(
  q: Queryable,
  userId: number,
  id: number,
  c: { events?: string[]; description?: string; enabled?: boolean; secretBox?: string; secretHint?: string },
): Promise<boolean> {
  const r = await q.query(
    `UPDATE webhook_endpoints SET events = coalesce($3, events), description = coalesce($4, description),
       enabled = coalesce($5, enabled), secret_box = coalesce($6, secret_box), secret_hint = coalesce($7, secret_hint),
       updated_at = now()
     WHERE id = $1 AND user_id = $2`,
    [id, userId, c.events ?? null, c.description ?? null, c.enabled ?? null, c.secretBox ?? null, c.secretHint ?? null],
  );
  return r.rowCount === 1;
}

/** Deletes an endpoint with its deliveries and attempts; false when it is not this account's. */
export async function deleteEndpoint(q: Queryable, userId: number, id: number): Promise<boolean> {
  const r = await q.query('DELETE FROM webhook_endpoints WHERE id = $1 AND user_id = $2', [id, userId]);
  return r.rowCount === 1;
}

/**
 * Enabled endpoints subscribed to an event of this account: its own and, for a sub-account, its
 * company's (the company owner hears of what its sub-accounts do).
 */
export async function subscribedEndpoints(
  q: Queryable,
  userId: number,
  type: string,
): Promise<Array<{ id: number; userId: number }>> {
  const r = await q.query<{ id: string; user_id: string }>(
    `SELECT e.id, e.user_id FROM webhook_endpoints e
     WHERE e.enabled AND $2 = ANY(e.events)
       AND e.user_id IN (SELECT $1::bigint UNION ALL SELECT parent_id FROM users WHERE id = $1 AND parent_id IS NOT NULL)
     ORDER BY e.id`,
    [userId, type],
  );
  return r.rows.map((x) => ({ id: Number(x.id), userId: Number(x.user_id) }));
}

export async function insertEvent(
  q: Queryable,
  e: { id: string; userId: number; type: string; data: unknown },
): Promise<void> {
  await q.query('INSERT INTO webhook_events(id, user_id, type, data) VALUES ($1, $2, $3, $4::jsonb)', [
    e.id,
    e.userId,
    e.type,
    JSON.stringify(e.data),
  ]);
}

export async function insertDelivery(
  q: Queryable,
  d: { endpointId: number; eventId: string; resentFrom?: number | null },
): Promise<number> {
  const r = await q.query<{ id: string }>(
    'INSERT INTO webhook_deliveries(endpoint_id, event_id, resent_from) VALUES ($1, $2, $3) RETURNING id',
    [d.endpointId, d.eventId, d.resentFrom ?? null],
  );
  return Number(r.rows[0].id);
}

/** What a delivery job needs: the delivery, its endpoint (with the sealed secret) and its event. */
export interface DeliveryToSend {
  id: number;
  status: string;
  userId: number;
  url: string;
  enabled: boolean;
  secretBox: string;
  event: { id: string; type: string; data: unknown; createdAt: Date };
}

export async function deliveryToSend(q: Queryable, id: number): Promise<DeliveryToSend | null> {
  const r = await q.query(
    `SELECT d.id, d.status, e.user_id, e.url, e.enabled, e.secret_box, v.id AS event_id, v.type, v.data, v.created_at
     FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id JOIN webhook_events v ON v.id = d.event_id
     WHERE d.id = $1`,
    [id],
  );
  const x = r.rows[0];
  if (!x) return null;
  return {
    id: Number(x.id),
    status: x.status,
    userId: Number(x.user_id),
    url: x.url,
    enabled: x.enabled,
    secretBox: x.secret_box,
    event: { id: x.event_id, type: x.type, data: x.data, createdAt: new Date(x.created_at) },
  };
}

export interface AttemptRow {
  attempt: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  answer: string | null;
}

/** Stores an attempt (again, when a worker died after sending and the job runs the same attempt). */
export async function recordAttempt(q: Queryable, deliveryId: number, a: AttemptRow): Promise<void> {
  await q.query(
    `INSERT INTO webhook_attempts(delivery_id, attempt, started_at, duration_ms, status_code, error, answer)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (delivery_id, attempt) DO UPDATE SET started_at = EXCLUDED.started_at, duration_ms = EXCLUDED.duration_ms,
       status_code = EXCLUDED.status_code, error = EXCLUDED.error, answer = EXCLUDED.answer`,
    [deliveryId, a.attempt, a.startedAt, a.durationMs, a.statusCode, a.error, a.answer],
  );
  await q.query('UPDATE webhook_deliveries SET attempts = greatest(attempts, $2) WHERE id = $1', [
    deliveryId,
    a.attempt,
  ]);
}

/** Ends a pending delivery (succeeded or failed for good). */
export async function finishDelivery(q: Queryable, id: number, status: 'succeeded' | 'failed'): Promise<void> {
  await q.query("UPDATE webhook_deliveries SET status = $2, finished_at = now() WHERE id = $1 AND status = 'pending'", [
    id,
    status,
  ]);
}

export interface DeliveryRow {
  id: number;
  eventId: string;
  type: string;
  status: string;
  attempts: AttemptRow[];
  resentFrom: number | null;
  createdAt: Date;
  finishedAt: Date | null;
}

/** One page of an endpoint's deliveries, newest first, each with its attempts (oldest first). */
export async function listDeliveries(
  q: Queryable,
  endpointId: number,
  page: number,
  pageSize: number,
): Promise<{ list: DeliveryRow[]; total: number }> {
  const r = await q.query(
    `SELECT d.id, d.event_id, v.type, d.status, d.resent_from, d.created_at, d.finished_at,
       coalesce((SELECT json_agg(json_build_object('attempt', a.attempt, 'startedAt', a.started_at, 'durationMs', a.duration_ms,
         'statusCode', a.status_code, 'error', a.error, 'answer', a.answer) ORDER BY a.attempt)
         FROM webhook_attempts a WHERE a.delivery_id = d.id), '[]'::json) AS attempts
     FROM webhook_deliveries d JOIN webhook_events v ON v.id = d.event_id
     WHERE d.endpoint_id = $1 ORDER BY d.id DESC LIMIT $2 OFFSET $3`,
    [endpointId, pageSize, (page - 1) * pageSize],
  );
  const total = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1',
    [endpointId],
  );
  return {
    list: r.rows.map((x) => ({
      id: Number(x.id),
      eventId: x.event_id,
      type: x.type,
      status: x.status,
      resentFrom: x.resent_from == null ? null : Number(x.resent_from),
      createdAt: x.created_at,
      finishedAt: x.finished_at,
      attempts: (typeof x.attempts === 'string' ? JSON.parse(x.attempts) : x.attempts) as AttemptRow[],
    })),
    total: total.rows[0].n,
  };
}

/** A delivery to one of this account's endpoints (null for another account's). */
export async function ownedDelivery(
  q: Queryable,
  userId: number,
  deliveryId: number,
): Promise<{ endpointId: number; eventId: string; enabled: boolean } | null> {
  const r = await q.query(
    `SELECT d.endpoint_id, d.event_id, e.enabled FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
     WHERE d.id = $1 AND e.user_id = $2`,
    [deliveryId, userId],
  );
  const x = r.rows[0];
  return x ? { endpointId: Number(x.endpoint_id), eventId: x.event_id, enabled: x.enabled } : null;
}
