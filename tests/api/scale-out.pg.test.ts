import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startS3, type TestS3 } from '../helpers/s3-server.js';
import { cliBundle, exited, freePort, spawnServer, waitUntilUp } from '../helpers/server-process.js';
import { signerKeyString } from '../../server/src/evidence/note-signer.js';
import { jpeg } from '../helpers/media.js';
import { formWithFiles, metaOf } from '../helpers/multipart.js';
import { loadConfig } from '../../server/src/config.js';
import { openStorage } from '../../server/src/storage/index.js';

/**
 * The production shape for real: two app server processes and one worker process on one PostgreSQL
 * database and one S3-compatible bucket (s3rver), nothing shared on disk. The app servers run no
 * jobs (JOBS_IN_PROCESS=0), so whatever background work A enqueues must run on the worker.
 * Runs only against PostgreSQL (scripts/test-all.mjs leaves *.pg.test.ts out of the PGlite run).
 */
const url = process.env.TEST_DATABASE_URL;

describe('two app servers and a worker on one PostgreSQL and one bucket', () => {
  let s3: TestS3;
  let schema = '';
  const procs: ChildProcess[] = [];
  const dirs: string[] = [];
  let A = '';
  let B = '';

  const logKey = signerKeyString('scale-out.test/evidence-log', crypto.randomBytes(32));
  const env = () => {
    if (!url) throw new Error('scale-out tests need TEST_DATABASE_URL (a PostgreSQL database)');
    const u = new URL(url);
    u.searchParams.set('options', `-c search_path=${schema},public`);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-scale-'));
    dirs.push(dataDir);
    // App servers share the evidence log's signing key as they share the database (docs/configuration.md: EVIDENCE_LOG_KEY).
    return {
      ...s3.env,
      DATABASE_URL: u.toString(),
      DATA_DIR: dataDir,
      CLIENT_DIR: path.join(dataDir, 'no-client'),
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      JOBS_IN_PROCESS: '0',
      EVIDENCE_LOG_KEY: logKey,
    };
  };

  beforeAll(async () => {
    if (!url) throw new Error('scale-out tests need TEST_DATABASE_URL (a PostgreSQL database)');
    s3 = await startS3('lumen-scale');
    schema = `scale_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    // A migrates and seeds (its seed enqueues the demo media jobs); B starts on the same database.
    const [pa, pb] = [await freePort(), await freePort()];
    A = `http://127.0.0.1:${pa}`;
    B = `http://127.0.0.1:${pb}`;
    const a = spawnServer(pa, { ...env(), SEED: '1' });
    procs.push(a);
    await waitUntilUp(A, a, 240_000);
    const b = spawnServer(pb, { ...env(), SEED: '1' });
    procs.push(b);
    await waitUntilUp(B, b, 240_000);
    const w = spawn(process.execPath, [cliBundle('worker')], {
      env: { ...process.env, ...env() },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    procs.push(w);
  }, 300_000);

  afterAll(async () => {
    for (const p of procs) p.kill('SIGTERM');
    await Promise.all(procs.map((p) => Promise.race([exited(p), new Promise((r) => setTimeout(r, 10_000))])));
    for (const p of procs) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
    await s3?.close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    if (url && schema) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    }
  });

  const json = async (base: string, p: string, init: RequestInit & { token?: string } = {}) => {
    const headers: Record<string, string> = { ...(init.headers as Record<string, string>) };
    if (init.token) headers.authorization = init.token;
    if (init.body && typeof init.body === 'string') headers['content-type'] = 'application/json';
    const r = await fetch(base + p, { ...init, headers });
    return { status: r.status, body: (await r.json()) as any };
  };
  const login = async (base: string, username: string) =>
    (await json(base, '/dev/session', { method: 'POST', body: JSON.stringify({ username, password: 'Lumen@2026' }) }))
      .body.data.token as string;

  it('the demo media jobs that A enqueued run on the worker, and their files are served by B from the bucket', async () => {
    const deadline = Date.now() + 300_000;
    let pending = -1;
    while (Date.now() < deadline) {
      pending = (await json(A, '/api/health')).body.data.seedPending;
      if (pending === 0) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    expect(pending).toBe(0);
    const c = new pg.Client({ connectionString: env().DATABASE_URL });
    await c.connect();
    try {
      // Both app servers run with JOBS_IN_PROCESS=0: every finished job was run by the worker process.
      const done = await c.query(
        `SELECT count(*)::int AS n FROM jobs WHERE task = 'seed.media' AND state = 'succeeded'`,
      );
      expect(done.rows[0].n).toBeGreaterThan(0);
      const cover = (await c.query(`SELECT cover_path FROM materials WHERE cover_path IS NOT NULL LIMIT 1`)).rows[0]
        .cover_path as string;
      const r = await fetch(`${B}/files/${cover}`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/image\//);
      // Nothing was written to a server's own folder: the cover lives only in the bucket.
      for (const d of dirs) expect(fs.existsSync(path.join(d, 'files', cover))).toBe(false);
    } finally {
      await c.end();
    }
  }, 320_000);

  it('a licence bought on A downloads the original through B (a presigned bucket URL)', async () => {
    const tokenA = await login(A, 'demo_buyer');
    const item = (await json(A, '/api/index/newest?limit=1')).body.data[0];
    const order = await json(A, '/api/trade/order', {
      method: 'POST',
      token: tokenA,
      body: JSON.stringify({ from: 'direct', items: [{ materialId: item.id, scenario: 'personal_study' }] }),
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const paid = await json(A, '/api/trade/pay/wallet', {
      method: 'POST',
      token: tokenA,
      body: JSON.stringify({ orderId: order.body.data.id }),
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    // The session made on A is valid on B (sessions live in the database).
    const dl = await json(B, `/api/order/download/${item.id}`, { token: tokenA });
    expect(dl.status, JSON.stringify(dl.body)).toBe(200);
    const file = await fetch(dl.body.data.url);
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('a deposit made on A verifies on B, and its file is in the bucket', async () => {
    const token = await login(A, 'demo_creator');
    const image = { filename: '集群存证.jpg', contentType: 'image/jpeg', data: await jpeg(800, 600) };
    const body = formWithFiles(
      { workName: '集群存证', workCategory: 1, files: [metaOf(image, { width: 800, height: 600 })] },
      [image],
    );
    const made = await fetch(`${A}/api/protection/deposit`, {
      method: 'POST',
      headers: { authorization: token, ...body.headers },
      body: new Uint8Array(body.payload),
    });
    const d = ((await made.json()) as any).data;
    expect(made.status).toBe(200);
    const v = await json(B, `/api/protection/deposit/verify/${d.certNo ?? d.cert_no}`);
    expect(v.status, JSON.stringify(v.body)).toBe(200);
    expect(v.body.data.valid).toBe(true);
    expect(v.body.data.sha256).toBe(crypto.createHash('sha256').update(image.data).digest('hex'));
    const c = new pg.Client({ connectionString: env().DATABASE_URL });
    await c.connect();
    const key = (await c.query('SELECT file_key FROM evidence_deposits WHERE id = $1', [d.id])).rows[0]
      .file_key as string;
    await c.end();
    const bucket = await openStorage(loadConfig({ ...s3.env, DATA_DIR: dirs[0] }));
    expect(bucket.kind).toBe('s3');
    expect(
      crypto
        .createHash('sha256')
        .update(await bucket.get(key))
        .digest('hex'),
    ).toBe(v.body.data.sha256);
  });

  it('a rate limit hit on A holds on B', async () => {
    const send = (base: string) =>
      fetch(`${base}/api/baidu/uploadConvertData`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 49, url: 'https://lumen.example/?bd_vid=scale' }),
      });
    for (let i = 0; i < 20; i++) expect((await send(A)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await send(B)).status).toBe(200);
    expect((await send(B)).status).toBe(429);
    expect((await send(A)).status).toBe(429);
  });
});
