/**
 * An account's webhook endpoints: create (the address checked by the egress policy, a signing
 * secret shown once), rotate the secret, send a test event, resend a delivery. Every call is
 * scoped to the owner: another account's endpoint is "not found".
 */
import type { Db } from '../../db/index.js';
import type { Config } from '../../config.js';
import { AppError } from '../../http/envelope.js';
import { EgressRefused, checkedAddress, egressPolicy, egressTarget } from '../../egress/index.js';
import * as repo from '../../repositories/webhooks.js';
import { newSigningSecret, seal, sealingKey } from './secret-box.js';
import { enqueueDelivery, newEventId } from './emit.js';
import { WEBHOOK_LIMITS, WEBHOOK_TEST_EVENT, webhookUrlProblem } from '../../../../src/schemas/webhooks/index.js';

export const ENDPOINT_NOT_FOUND = 'Webhook 地址不存在';
/** Said for an address the egress policy refuses (inner, loopback, metadata, closed port) or that does not resolve. */
export const INNER_ADDRESS = '无法访问该网址，请确认网址可以从公网访问（不能使用内网、本机或保留地址）';

/** Plain http only on development and test servers. */
const allowHttp = (config: Config) => config.env !== 'production';

/** Refuses an address the form or the egress policy would not deliver to (400 with a Chinese reason on the url field). */
export async function checkEndpointUrl(config: Config, url: string): Promise<void> {
  const refuse = (msg: string) => {
    throw new AppError(400, msg, { fieldErrors: { '/url': msg } });
  };
  const problem = webhookUrlProblem(url, { allowHttp: allowHttp(config) });
  if (problem) refuse(problem);
  try {
    const { host, port } = egressTarget(url);
    await checkedAddress(egressPolicy(), host, port);
  } catch (err) {
    if (err instanceof EgressRefused) refuse(INNER_ADDRESS);
    throw err;
  }
}

const hintOf = (secret: string) => secret.slice(-4);

export async function createEndpoint(
  db: Db,
  config: Config,
  userId: number,
  form: { url: string; events: string[]; description?: string },
): Promise<{ id: number; secret: string }> {
  const url = form.url.trim();
  await checkEndpointUrl(config, url);
  if ((await repo.countEndpoints(db, userId)) >= WEBHOOK_LIMITS.endpointsPerAccount)
    throw new AppError(409, `每个账户最多添加 ${WEBHOOK_LIMITS.endpointsPerAccount} 个 Webhook 地址`);
  const secret = newSigningSecret();
  const id = await repo.insertEndpoint(db, {
    userId,
    url,
    description: (form.description ?? '').trim(),
    events: [...new Set(form.events)],
    secretBox: seal(sealingKey(config.dataDir), secret, userId),
    secretHint: hintOf(secret),
  });
  return { id, secret };
}

/** A new secret (shown once); the old one stops signing at once. */
export async function rotateSecret(db: Db, config: Config, userId: number, id: number): Promise<string> {
  const secret = newSigningSecret();
  const done = await repo.updateEndpoint(db, userId, id, {
    secretBox: seal(sealingKey(config.dataDir), secret, userId),
    secretHint: hintOf(secret),
  });
  if (!done) throw new AppError(404, ENDPOINT_NOT_FOUND);
  return secret;
}

/** A `webhook.test` event to this endpoint only (whatever it subscribed to). */
export async function sendTestEvent(
  db: Db,
  userId: number,
  id: number,
): Promise<{ eventId: string; deliveryId: number }> {
  const e = await repo.findEndpoint(db, userId, id);
  if (!e) throw new AppError(404, ENDPOINT_NOT_FOUND);
  if (!e.enabled) throw new AppError(409, '该地址已停用，请先启用');
  return db.tx(async (q) => {
    const eventId = newEventId();
    await repo.insertEvent(q, {
      id: eventId,
      userId,
      type: WEBHOOK_TEST_EVENT.type,
      data: { accountId: userId, endpointId: id, message: '这是一条测试事件' },
    });
    return { eventId, deliveryId: await enqueueDelivery(q, { endpointId: id, eventId, ownerId: userId }) };
  });
}

/** A new delivery of the same event (same id: receivers that saw it already de-duplicate). */
export async function resendDelivery(
  db: Db,
  userId: number,
  deliveryId: number,
): Promise<{ eventId: string; deliveryId: number }> {
  const d = await repo.ownedDelivery(db, userId, deliveryId);
  if (!d) throw new AppError(404, '投递记录不存在');
  if (!d.enabled) throw new AppError(409, '该地址已停用，请先启用');
  const id = await db.tx((q) =>
    enqueueDelivery(q, { endpointId: d.endpointId, eventId: d.eventId, ownerId: userId, resentFrom: deliveryId }),
  );
  return { eventId: d.eventId, deliveryId: id };
}
