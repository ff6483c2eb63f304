import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { call, makeMaterial } from '../../helpers/trade.js';
import { startReceiver, validSignature } from '../../helpers/webhook-receiver.js';
import { allowLoopbackPort, deliverAll } from '../../helpers/webhook-jobs.js';

/**
 * Events reach subscribed endpoints through the job queue, signed, retried with backoff, each
 * attempt recorded; a resend is a new delivery of the same event id. The receiver is a loopback
 * server whose one port the egress allow-list opens.
 */
describe('webhooks: events to deliveries', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let rx: Awaited<ReturnType<typeof startReceiver>>;
  let undoAllow: () => void;
  let buyer: Awaited<ReturnType<typeof makeUser>>;
  beforeAll(async () => {
    t = await makeTestApp();
    rx = await startReceiver();
    undoAllow = allowLoopbackPort(rx.port);
    buyer = await makeUser(t.db, { owner_type: 'ORGANISATIONS', company_name: 'Webhook 测试公司' });
    await t.db.query('UPDATE users SET balance_cents = 1000000 WHERE id = $1', [buyer.id]);
  });
  afterAll(async () => {
    undoAllow?.();
    await rx?.close();
    await t?.close();
  });

  const addEndpoint = async (path: string, events: string[]) => {
    const r = await call(t.app, 'POST', '/api/user/webhooks', buyer.auth, { url: rx.url(path), events });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    return { id: r.body.data.endpoint.id as number, secret: r.body.data.secret as string };
  };
  /** Buys one licence from the wallet: order.paid and licence.issued happen in its transaction. */
  const buyFromWallet = async () => {
    const mat = await makeMaterial(t.app, t.db, { priceCents: 2000 });
    const order = await call(t.app, 'POST', '/api/trade/order', buyer.auth, {
      from: 'direct',
      items: [{ materialId: mat, scenario: 'enterprise_promotion' }],
    });
    const paid = await call(t.app, 'POST', '/api/trade/pay/wallet', buyer.auth, { orderId: order.body.data.id });
    expect(paid.status).toBe(200);
    return order.body.data as { id: number; orderNo: string; amountCents: number };
  };
  const deliveries = async (id: number) =>
    (await call(t.app, 'GET', `/api/user/webhooks/${id}/deliveries?page=1&pageSize=20`, buyer.auth)).body.data;

  it('delivers an event once, correctly signed, to a subscribed endpoint and not to an unsubscribed one', async () => {
    const paidHook = await addEndpoint('/paid', ['order.paid']);
    const otherHook = await addEndpoint('/deposits', ['deposit.certified']);
    const order = await buyFromWallet();
    await deliverAll(t);

    const got = rx.at('/paid');
    expect(got).toHaveLength(1);
    expect(validSignature(paidHook.secret, got[0])).toBe(true);
    expect(validSignature(otherHook.secret, got[0])).toBe(false);
    const event = JSON.parse(got[0].body);
    expect(event).toMatchObject({
      type: 'order.paid',
      data: { orderId: order.id, orderNo: order.orderNo, amountCents: order.amountCents, payMethod: 'wallet' },
    });
    expect(event.id).toMatch(/^evt_[0-9a-f]{24}$/);
    expect(got[0].headers['lumen-webhook-id']).toBe(event.id);
    expect(got[0].headers['content-type']).toContain('application/json');
    expect(rx.at('/deposits')).toHaveLength(0);

    const page = await deliveries(paidHook.id);
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({ eventId: event.id, type: 'order.paid', status: 'succeeded' });
    expect(page.list[0].attempts).toMatchObject([{ attempt: 1, statusCode: 200, error: null, answer: '收到' }]);
    expect((await deliveries(otherHook.id)).total).toBe(0);
  });

  it('retries a failing endpoint with backoff: three failures, then the event once more, signed, 4 attempts recorded', async () => {
    const hook = await addEndpoint('/flaky', ['licence.issued']);
    rx.answer('/flaky', [500, 503, 500]);
    const order = await buyFromWallet();
    await deliverAll(t);

    const got = rx.at('/flaky');
    expect(got).toHaveLength(4);
    const ids = new Set(got.map((r) => r.headers['lumen-webhook-id']));
    expect(ids.size).toBe(1);
    expect(got.every((r) => validSignature(hook.secret, r))).toBe(true);
    expect(JSON.parse(got[3].body)).toMatchObject({ type: 'licence.issued', data: { orderId: order.id } });

    const [d] = (await deliveries(hook.id)).list;
    expect(d.status).toBe('succeeded');
    expect(d.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 503, 500, 200]);
    expect(d.attempts.map((a: { attempt: number }) => a.attempt)).toEqual([1, 2, 3, 4]);
    expect(d.attempts[0].answer).toBe('暂时不可用');
    // The queue waited between attempts: each retry was scheduled after the failure it followed.
    const job = await t.db.query(
      `SELECT attempts, state FROM jobs WHERE task = 'webhooks.deliver' AND payload->>'deliveryId' = $1`,
      [String(d.id)],
    );
    expect(job.rows[0]).toMatchObject({ attempts: 4, state: 'succeeded' });
  });

  it('resends: a new delivery of the same event id, newest first, and a test event on request', async () => {
    const hook = await addEndpoint('/resend', ['order.paid']);
    await buyFromWallet();
    await deliverAll(t);
    const [first] = (await deliveries(hook.id)).list;

    const r = await call(t.app, 'POST', `/api/user/webhooks/deliveries/${first.id}/resend`, buyer.auth);
    expect(r.status).toBe(200);
    expect(r.body.data.eventId).toBe(first.eventId);
    expect(r.body.data.deliveryId).not.toBe(first.id);
    await deliverAll(t);

    const got = rx.at('/resend');
    expect(got).toHaveLength(2);
    expect(got.map((x) => JSON.parse(x.body).id)).toEqual([first.eventId, first.eventId]);
    expect(got.every((x) => validSignature(hook.secret, x))).toBe(true);
    const page = await deliveries(hook.id);
    expect(page.list.map((d: { id: number }) => d.id)).toEqual([r.body.data.deliveryId, first.id]);
    expect(page.list[0]).toMatchObject({ eventId: first.eventId, resentFrom: first.id, status: 'succeeded' });

    const test = await call(t.app, 'POST', `/api/user/webhooks/${hook.id}/test`, buyer.auth);
    expect(test.status).toBe(200);
    await deliverAll(t);
    const last = rx.at('/resend').at(-1)!;
    expect(JSON.parse(last.body)).toMatchObject({ id: test.body.data.eventId, type: 'webhook.test' });
    expect(validSignature(hook.secret, last)).toBe(true);
  });

  it('signs with the new secret once rotated', async () => {
    const hook = await addEndpoint('/rotated', ['order.paid']);
    const r = await call(t.app, 'POST', `/api/user/webhooks/${hook.id}/rotate-secret`, buyer.auth);
    expect(r.status).toBe(200);
    const secret = r.body.data.secret as string;
    expect(secret).not.toBe(hook.secret);
    expect(r.body.data.endpoint.secretHint).toBe(secret.slice(-4));
    await call(t.app, 'POST', `/api/user/webhooks/${hook.id}/test`, buyer.auth);
    await deliverAll(t);
    const [got] = rx.at('/rotated');
    expect(validSignature(secret, got)).toBe(true);
    expect(validSignature(hook.secret, got)).toBe(false);
  });
});
