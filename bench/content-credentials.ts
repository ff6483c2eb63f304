/**
 * Time Content Credentials add to a licensed download, over HTTP on one in-process server (port 3202
 * unless --port), PGlite in DATA_DIR (default /tmp/c2pa-data/bench-<time>):
 *
 *   node --import tsx bench/content-credentials.ts [--runs 30] [--port 3202]
 *
 * Per file (a noise JPEG of ~5 MB, a noise MP4 of ~20 MB), each run GETs /api/order/download/:id:
 *   baseline  the same route and size for a file Lumen does not sign (random bytes: the original streamed);
 *   signed    the first download of a licence: read, sign with c2pa-ts, store the copy, stream it
 *             (the cached copy is deleted before each run, so every run signs);
 *   cached    a later download of the same licence: the stored copy streamed.
 * Prints p50/p95/p99 of each, the added time (signed - baseline, cached - baseline) and per MB.
 * Requests say Accept-Encoding: identity, so the figures are the download's, not on-the-fly compression's.
 */
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { openDb } from '../server/src/db/index.js';
import { migrate } from '../server/src/db/migrate.js';
import { buildApp } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import { createSession } from '../server/src/repositories/sessions.js';
import { recordDeposit } from '../server/src/services/deposit-ledger.js';
import { licensedCopyKey } from '../server/src/services/content-credentials.js';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const runs = arg('runs', 30);
const port = arg('port', 3202);
const MB = 1024 * 1024;
const dataDir = process.env.DATA_DIR ?? path.join('/tmp/c2pa-data', `bench-${Date.now()}`);
fs.mkdirSync(dataDir, { recursive: true });

async function noiseJpeg(): Promise<Buffer> {
  const w = 3000;
  const h = 2000;
  return sharp(crypto.randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}
function noiseMp4(): Buffer {
  const out = path.join(dataDir, 'noise.mp4');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', 'nullsrc=s=1280x720:r=25,geq=random(1)*255:128:128', '-t', '8'],
    ...[
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-b:v',
      '20M',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      out,
    ],
  ]);
  return fs.readFileSync(out);
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const stats = (xs: number[]) => ({ p50: pct(xs, 50), p95: pct(xs, 95), p99: pct(xs, 99) });
const ms = (x: number) => x.toFixed(1).padStart(8);

const config = loadConfig({
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  CLIENT_DIR: path.join(dataDir, 'no-client'),
  SEED: '0',
  LOG_LEVEL: 'warn',
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  JOBS_IN_PROCESS: '0',
});
const db = await openDb({ pgliteDir: path.join(dataDir, 'pglite') });
await migrate(db);
const app = await buildApp({ config, db, logger: false });
await app.listen({ port, host: '127.0.0.1' });
const base = `http://127.0.0.1:${port}`;

try {
  const user = async (phone: string, roles: string[]) => {
    const r = await db.query<{ id: number }>(
      `INSERT INTO users(phone, nickname, owner_type, roles, company_name, balance_cents)
       VALUES ($1, $2, 'ORGANISATIONS', $3, '基准测试传媒有限公司', 100000000) RETURNING id`,
      [phone, `用户${phone.slice(-4)}`, roles],
    );
    const id = Number(r.rows[0].id);
    return { id, token: await createSession(db, id) };
  };
  const creator = await user('13900000001', ['buyer', 'creator']);
  const buyer = await user('13900000002', ['buyer']);
  const api = async (method: string, url: string, body?: unknown) => {
    const r = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: buyer.token, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const j = await r.json();
    if (!j.success) throw new Error(`${url}: ${j.msg}`);
    return j.data;
  };
  const material = async (ext: string, bytes: Buffer, type: number) => {
    const key = await app.storage.put(app.storage.newKey('originals', ext), bytes);
    const id = Number(
      (
        await db.query<{ id: number }>(
          `INSERT INTO materials(type, title, price_cents, original_path, format, owner_id, status)
           VALUES ($1, $2, 100, $3, $4, $5, 1) RETURNING id`,
          [type, `基准 ${ext}`, key, ext.toUpperCase(), creator.id],
        )
      ).rows[0].id,
    );
    await db.tx((q) =>
      recordDeposit(q, {
        userId: creator.id,
        materialId: id,
        workName: `基准 ${ext}`,
        workCategory: 1,
        form: {},
        fileName: `bench.${ext}`,
        fileKey: key,
        fileSize: bytes.length,
        mime: 'application/octet-stream',
        sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
      }),
    );
    const o = await api('POST', '/api/trade/order', {
      from: 'direct',
      items: [{ materialId: id, scenario: 'enterprise_new_media' }],
    });
    await api('POST', '/api/trade/pay/wallet', { orderId: o.id });
    const licenceId = Number((await db.query('SELECT id FROM licences WHERE material_id = $1', [id])).rows[0].id);
    return { id, key, licenceId, bytes };
  };
  const download = async (id: number) => {
    const t0 = performance.now();
    // identity: @fastify/compress would otherwise gzip/brotli the octet-stream body, which costs far more than signing.
    const r = await fetch(`${base}/api/order/download/${id}`, {
      headers: { authorization: buyer.token, 'accept-encoding': 'identity' },
    });
    const body = Buffer.from(await r.arrayBuffer());
    if (r.status !== 200) throw new Error(`download ${id}: ${r.status} ${body.toString().slice(0, 200)}`);
    return { ms: performance.now() - t0, size: body.length };
  };

  console.log(`data ${dataDir}, ${runs} runs per case, HTTP on ${base}`);
  for (const [name, bytes, ext, type] of [
    ['JPEG', await noiseJpeg(), 'jpg', 11],
    ['MP4', noiseMp4(), 'mp4', 1],
  ] as const) {
    const signedMat = await material(ext, bytes, type);
    const plainMat = await material('bin', crypto.randomBytes(bytes.length), type);
    const copyKey = licensedCopyKey(signedMat.licenceId, {
      id: signedMat.id,
      title: '',
      originalPath: signedMat.key,
      format: null,
    });
    // Warm up both paths (JIT, file cache, the c2pa-ts modules).
    await download(plainMat.id);
    await download(signedMat.id);
    const baseline: number[] = [];
    const signed: number[] = [];
    const cached: number[] = [];
    let copySize = 0;
    // Interleaved, so load from elsewhere on the machine falls on all three alike.
    for (let i = 0; i < runs; i++) {
      baseline.push((await download(plainMat.id)).ms);
      await app.storage.delete(copyKey);
      const s = await download(signedMat.id);
      signed.push(s.ms);
      copySize = s.size;
      cached.push((await download(signedMat.id)).ms);
    }
    const mb = bytes.length / MB;
    const [b, s, c] = [stats(baseline), stats(signed), stats(cached)];
    console.log(
      `\n${name}: original ${(bytes.length / MB).toFixed(2)} MiB, copy +${copySize - bytes.length} bytes (manifest)`,
    );
    console.log('                      p50       p95       p99   (ms)');
    console.log(`baseline (unsigned)${ms(b.p50)}  ${ms(b.p95)}  ${ms(b.p99)}`);
    console.log(`signed (1st dl)    ${ms(s.p50)}  ${ms(s.p95)}  ${ms(s.p99)}`);
    console.log(`cached (later dl)  ${ms(c.p50)}  ${ms(c.p95)}  ${ms(c.p99)}`);
    console.log(
      `added by signing    ${ms(s.p50 - b.p50)}  ${ms(s.p95 - b.p95)}  ${ms(s.p99 - b.p99)}   per MiB p50 ${((s.p50 - b.p50) / mb).toFixed(2)} ms, p95 ${((s.p95 - b.p95) / mb).toFixed(2)} ms`,
    );
    console.log(
      `added when cached   ${ms(c.p50 - b.p50)}  ${ms(c.p95 - b.p95)}  ${ms(c.p99 - b.p99)}   per MiB p50 ${((c.p50 - b.p50) / mb).toFixed(2)} ms`,
    );
  }
} finally {
  await app.close();
  await db.close();
}
