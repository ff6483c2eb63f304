import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../helpers/app.js';
import { FAST, servicesOf, waitFor, waitForJob } from '../../helpers/jobs.js';
import { jpeg } from '../../helpers/media.js';
import { formWithFiles, metaOf } from '../../helpers/multipart.js';
import { exited, freePort, prepareServerData, startServer, type ServerProcess } from '../../helpers/server-process.js';
import { openDb, type Db } from '../../../server/src/db/index.js';
import { buildApp } from '../../../server/src/app.js';
import { loadConfig } from '../../../server/src/config.js';
import { hmacSign } from '../../../server/src/adapters/pay/sandbox.js';
import { payProviderKey } from '../../../server/src/adapters/pay/index.js';
import { startWorker } from '../../../server/src/jobs/index.js';
import { enqueueMediaProcessing } from '../../../server/src/services/media/tasks.js';
import { findMedia } from '../../../server/src/repositories/media.js';

const PAY_SECRET = 'probe-kill-pay-secret';
const WECHAT_KEY = payProviderKey(loadConfig({ PAY_SECRET }), 'wechat');
const ORDERS = 12;
const DEPOSITS = 6;

/**
 * Issue 29 probe: kill -9 of the real server process while a media job is leased, payment
 * callbacks are being settled and evidence-log appends (deposits) are in flight. One process start;
 * afterwards the same data is opened in this process: whatever was answered 200 is there, nothing
 * is half-written or doubled, replayed callbacks settle each order once, and the media job's dead
 * lease expires and the job runs again to completion.
 */
describe('probes: kill -9 during a media job, payment callbacks and ledger appends', () => {
  let data: Awaited<ReturnType<typeof prepareServerData>>;
  let server: ServerProcess | undefined;
  let db: Db | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await app?.close();
    await db?.close();
    await data?.cleanup();
  });
  const open = () =>
    openDb(
      data.env.DATABASE_URL ? { databaseUrl: data.env.DATABASE_URL } : { pgliteDir: path.join(data.dataDir, 'pglite') },
    );

  it('answered work survives, nothing is doubled, callbacks replay once, the leased job runs again', async () => {
    const t0 = Date.now();
    data = await prepareServerData();
    // Before the start: a buyer with materials to order, and a creator's video whose media job will be running at the kill.
    const setup = await open();
    const buyer = await makeUser(setup, { owner_type: 'ORGANISATIONS', company_name: '断电测试公司' });
    // prepareServerData made one creator (the owner of data.token).
    const creatorId = Number(
      (await setup.query<{ id: number }>(`SELECT id FROM users WHERE 'creator' = ANY(roles) ORDER BY id LIMIT 1`))
        .rows[0].id,
    );
    const mats: number[] = [];
    for (let i = 0; i < ORDERS; i++) {
      mats.push(
        Number(
          (
            await setup.query<{ id: number }>(
              `INSERT INTO materials(type, title, price_cents, format) VALUES (1, $1, 2000, 'MP4') RETURNING id`,
              [`断电素材${i}`],
            )
          ).rows[0].id,
        ),
      );
    }
    const clip = path.join(data.dataDir, 'clip.mp4');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=s=640x360:r=25',
      '-t',
      '12',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      clip,
    ]);
    const key = 'media-original/202611/probe-kill.mp4';
    fs.mkdirSync(path.join(data.dataDir, 'files', path.dirname(key)), { recursive: true });
    fs.copyFileSync(clip, path.join(data.dataDir, 'files', key));
    const video = Number(
      (
        await setup.query<{ id: number }>(
          `INSERT INTO materials(type, title, owner_id, status, price_cents, original_path) VALUES (1, '断电视频', $1, 0, 100, $2) RETURNING id`,
          [creatorId, key],
        )
      ).rows[0].id,
    );
    const { jobId } = await setup.tx((q) => enqueueMediaProcessing(q, { materialId: video, originalKey: key }));
    await setup.close();

    if (process.env.PROBE_DEBUG) console.log('prepared', (Date.now() - t0) / 1000);
    server = await startServer(data.dataDir, { ...data.env, PAY_SECRET }, await freePort());
    const api = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
      fetch(`${server!.base}${url}`, {
        method,
        headers: { ...(body && !(body instanceof Buffer) ? { 'content-type': 'application/json' } : {}), ...headers },
        body: body instanceof Buffer ? body : body ? JSON.stringify(body) : undefined,
      });
    const orders: Array<{ id: number; orderNo: string; amountCents: number }> = [];
    for (const m of mats) {
      const r = await (
        await api(
          'POST',
          '/api/trade/order',
          { from: 'direct', items: [{ materialId: m, scenario: 'enterprise_promotion' }] },
          { authorization: buyer.token },
        )
      ).json();
      expect(r.code, JSON.stringify(r)).toBe(200);
      orders.push(r.data);
    }
    const callback = (o: (typeof orders)[number]) => {
      const f = {
        provider: 'wechat',
        transactionId: `tx-${o.orderNo}`,
        notifyId: `n-${o.orderNo}`,
        orderNo: o.orderNo,
        amountCents: o.amountCents,
        tradeStatus: 'SUCCESS',
        timestamp: 1,
      };
      return { ...f, sign: hmacSign(WECHAT_KEY, f) };
    };
    const images = await Promise.all(Array.from({ length: DEPOSITS }, (_, i) => jpeg(800 + i, 600)));
    const depositForm = (i: number) => {
      const image = { filename: `断电存证${i}.jpg`, contentType: 'image/jpeg', data: images[i] };
      return formWithFiles(
        { workName: `断电存证${i}`, workCategory: 1, files: [metaOf(image, { width: 800 + i, height: 600 })] },
        [image],
      );
    };

    if (process.env.PROBE_DEBUG) console.log('started + ordered', (Date.now() - t0) / 1000);
    // The media job is leased and ffmpeg is working on the preview.
    await waitFor(
      async () => {
        const r = await (
          await api('GET', `/api/user/works/${video}/media`, undefined, { authorization: data.token })
        ).json();
        return r.data?.progress >= 15 ? r : null;
      },
      60_000,
      'the media job to reach the preview',
    );

    // Everything at once, then kill -9 while it is in flight.
    const answered = { orders: new Set<string>(), deposits: new Set<string>() };
    const inFlight = [
      ...orders.map((o) =>
        api('POST', '/api/trade/pay/notify/wechat', callback(o)).then(
          async (r) => {
            if (r.ok && (await r.json()).success) answered.orders.add(o.orderNo);
          },
          () => undefined,
        ),
      ),
      ...images.map((_, i) => {
        const f = depositForm(i);
        return api('POST', '/api/protection/deposit', f.payload, { authorization: data.token, ...f.headers }).then(
          async (r) => {
            if (r.ok) answered.deposits.add((await r.json()).data.sha256);
          },
          () => undefined,
        );
      }),
    ];
    // Killed once some are answered, so the rest are somewhere between request and commit.
    await waitFor(async () => answered.orders.size + answered.deposits.size >= 3, 20_000, 'the first answers');
    server.child.kill('SIGKILL');
    expect(await exited(server.child)).toBe('SIGKILL');
    await Promise.all(inFlight);
    if (process.env.PROBE_DEBUG)
      console.log(
        'answered before the kill',
        answered.orders.size,
        'callbacks',
        answered.deposits.size,
        'deposits',
        (Date.now() - t0) / 1000,
      );

    db = await open();
    app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: data.dataDir,
        CLIENT_DIR: path.join(data.dataDir, 'no-client'),
        SEED: '0',
        LOG_LEVEL: 'warn',
        PAY_SECRET,
      }),
      db,
      logger: false,
    });
    await app.ready();

    // Payments: an order is paid with exactly one payment and its licence, or untouched; every answered one is paid.
    const state = async () =>
      (
        await db!.query<{ order_no: string; status: string; payments: number; licences: number }>(
          `SELECT o.order_no, o.status,
              (SELECT count(*)::int FROM payments p WHERE p.order_id = o.id) AS payments,
              (SELECT count(*)::int FROM licences l WHERE l.order_id = o.id) AS licences
         FROM orders o WHERE o.user_id = $1 ORDER BY o.id`,
          [buyer.id],
        )
      ).rows;
    for (const o of await state()) {
      expect([o.order_no, o.status, o.payments, o.licences]).toEqual(
        o.status === 'paid' ? [o.order_no, 'paid', 1, 1] : [o.order_no, 'pending', 0, 0],
      );
      if (answered.orders.has(o.order_no)) expect(o.status).toBe('paid');
    }
    // The provider retries every callback: each order ends paid once.
    for (const o of orders) {
      const r = await app.inject({ method: 'POST', url: '/api/trade/pay/notify/wechat', payload: callback(o) });
      expect(r.statusCode).toBe(200);
    }
    expect((await state()).map((o) => [o.status, o.payments, o.licences])).toEqual(orders.map(() => ['paid', 1, 1]));

    // Ledger appends: no deposit left half-done; each deposited one has exactly one leaf; answered ones are there.
    const deposits = (
      await db.query<{ id: number; status: number; sha256: string }>('SELECT id, status, sha256 FROM evidence_deposits')
    ).rows;
    expect(deposits.filter((d) => Number(d.status) !== 1)).toEqual([]);
    for (const sha of answered.deposits) expect(deposits.map((d) => d.sha256)).toContain(sha);
    const leaves = (
      await db.query<{ id: string; n: number }>(
        `SELECT payload->>'depositId' AS id, count(*)::int AS n FROM evidence_log_leaves WHERE payload->>'type' = 'evidence-deposit' GROUP BY 1`,
      )
    ).rows;
    expect(leaves.map((l) => [Number(l.id), l.n]).sort((a, b) => a[0] - b[0])).toEqual(
      deposits.map((d) => [Number(d.id), 1]).sort((a, b) => a[0] - b[0]),
    );
    const health = (await app.inject({ url: '/api/health' })).json().data;
    expect(health.evidenceLog).toBe('ok');

    if (process.env.PROBE_DEBUG) console.log('checked', (Date.now() - t0) / 1000);
    // The media job: its lease died with the process; it is reaped and runs again to the end, once.
    expect((await db.query('SELECT state FROM jobs WHERE id = $1', [jobId])).rows[0].state).toBe('running');
    // Stale after 2 s, not 0.3: the dead lease is still reaped at once, while the new attempt's
    // 50 ms heartbeats survive a loaded event loop (at 0.3 s a live attempt was reaped: 3 attempts).
    const worker = startWorker(servicesOf(app), { ...FAST, staleMs: 2000 });
    try {
      expect(await waitForJob(db, jobId, ['succeeded', 'failed'], 90_000)).toMatchObject({
        state: 'succeeded',
        attempts: 2,
      });
    } finally {
      await worker.stop(1000);
    }
    expect((await findMedia(db, video))?.state).toBe('ready');
    expect(
      (await db.query("SELECT count(*)::int AS n FROM jobs WHERE payload->>'materialId' = $1", [String(video)])).rows[0]
        .n,
    ).toBe(1);
  }, 180_000);
});
