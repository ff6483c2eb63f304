import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { makeUser } from '../../helpers/app.js';
import { jpeg } from '../../helpers/media.js';
import { formWithFiles, metaOf } from '../../helpers/multipart.js';
import { call, makeMaterial } from '../../helpers/trade.js';
import { initUpload, postChunk, sha256 } from '../../helpers/upload.js';
import { buildApp } from '../../../server/src/app.js';
import { loadConfig } from '../../../server/src/config.js';
import type { Db } from '../../../server/src/db/index.js';
import { migrate } from '../../../server/src/db/migrate.js';
import { appendBlock } from '../../../server/src/evidence/ledger.js';
import { fromBase64, parseCheckpoint, parseNote, verifyConsistency, verifyReceipt } from '../../../verify-receipt.mjs';

/**
 * The restore drill's data and checks, shared by the same-engine and cross-engine tests: a buyer's
 * paid licence with its original, a creator's evidence deposit and chunked upload, then a loop of
 * transactions that each write an order, a payment, a withdrawal, a wallet movement, an audit row
 * and an evidence leaf (tables read early and late in a backup) while the backup runs.
 */
export type Seeded = Awaited<ReturnType<typeof seedDrill>>;

export async function seedDrill(app: FastifyInstance, db: Db) {
  const creator = await makeUser(db, { roles: ['buyer', 'creator'] });
  const buyer = await makeUser(db, { owner_type: 'ORGANISATIONS', company_name: '备份演练传媒有限公司' });
  const original = Buffer.from(`ORIGINAL-4K-BYTES-${Date.now()}`);
  const materialId = await makeMaterial(app, db, { title: '备份演练素材', priceCents: 1000, original });
  const order = await call(app, 'POST', '/api/trade/order', buyer.auth, {
    from: 'direct',
    items: [{ materialId, scenario: 'enterprise_new_media' }],
  });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  await db.query('UPDATE users SET balance_cents = 1000000 WHERE id = $1', [buyer.id]);
  expect((await call(app, 'POST', '/api/trade/pay/wallet', buyer.auth, { orderId: order.body.data.id })).status).toBe(
    200,
  );
  const licence = (await call(app, 'GET', '/api/order/authrecord/list', buyer.auth)).body.data.list[0];
  expect(licence).toMatchObject({ materialId });

  const image = { filename: '演练存证.jpg', contentType: 'image/jpeg', data: await jpeg(480, 480) };
  const form = formWithFiles(
    { workName: '备份演练存证', workCategory: 1, files: [metaOf(image, { width: 480, height: 480 })] },
    [image],
  );
  const dep = await app.inject({
    method: 'POST',
    url: '/api/protection/deposit',
    headers: { ...creator.auth, ...form.headers },
    payload: form.payload,
  });
  expect(dep.statusCode, dep.body).toBe(200);
  const deposit = dep.json().data as { id: number };
  const vkey = (await app.inject({ url: '/api/protection/ledger/key' })).json().data.verifierKey as string;

  const png = await sharp({ create: { width: 1000, height: 800, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();
  const { upload } = await initUpload(app, creator.auth, {
    name: '演练上传.png',
    size: png.length,
    sha256: sha256(png),
  });
  const done = await postChunk(app, creator.auth, upload, png, 1);
  expect(done.json().data, done.body).toMatchObject({ state: 'complete' });

  return { creator, buyer, original, materialId, licenceId: licence.id as number, image, deposit, vkey, png, upload };
}

/** One drill write: every row of iteration i in one transaction, then a checkpoint request (which signs one). */
async function drillWrite(app: FastifyInstance, db: Db, userId: number, i: number) {
  const amount = 100 + i;
  await db.tx(async (q) => {
    await q.query(
      `INSERT INTO audit_log(actor_id, action, target_type, target_id) VALUES ($1, 'backup_drill', 'drill', $2)`,
      [userId, `DRILL-${i}`],
    );
    const order = await q.query<{ id: number }>(
      `INSERT INTO orders(order_no, user_id, status, source, licensee_type, licensee_name, subtotal_cents, amount_cents,
                          pay_method, paid_at, expires_at)
       VALUES ($1, $2, 'paid', 'direct', 'PERSONAL', '演练', $3, $3, 'wallet', now(), now() + interval '1 hour') RETURNING id`,
      [`DRILL-${i}`, userId, amount],
    );
    const orderId = Number(order.rows[0].id);
    await q.query(
      `INSERT INTO payments(provider, transaction_id, order_id, user_id, amount_cents) VALUES ('wallet', $1, $2, $3, $4)`,
      [`DRILL-${i}`, orderId, userId, amount],
    );
    const balance = await q.query<{ b: number }>(
      'UPDATE users SET balance_cents = balance_cents - $2 WHERE id = $1 RETURNING balance_cents AS b',
      [userId, amount],
    );
    await q.query(
      `INSERT INTO wallet_transactions(user_id, amount_cents, balance_after, kind, order_id, note)
       VALUES ($1, $2, $3, 'purchase', $4, $5)`,
      [userId, -amount, balance.rows[0].b, orderId, `DRILL-${i}`],
    );
    await q.query(
      `INSERT INTO withdrawals(user_id, amount_cents, account_name, account_no, form) VALUES ($1, $2, '演练', $3, '{}')`,
      [userId, 10 + i, `DRILL-${i}`],
    );
    await appendBlock(q, { type: 'backup-drill', drill: i });
  });
  expect((await app.inject({ url: '/api/protection/ledger/checkpoint' })).statusCode).toBe(200);
}

/**
 * Runs `during` while drill writes go on one after another (started before it, going on after it
 * ends); returns its result, the number of writes done and how many had committed when it began.
 * `watch` receives a function that tells how many writes have started so far.
 */
export async function whileWriting<T>(
  app: FastifyInstance,
  db: Db,
  userId: number,
  during: () => Promise<T>,
  watch?: (started: () => number) => void,
) {
  let n = 0;
  watch?.(() => n);
  let stop = false;
  const loop = (async () => {
    while (!stop) await drillWrite(app, db, userId, n++);
  })();
  while (n < 3) await new Promise((r) => setTimeout(r, 5));
  const before = n - 1;
  try {
    const result = await during();
    // At least one write after the backup finished, so "wholly out" is exercised too.
    const end = n + 1;
    while (n < end) await new Promise((r) => setTimeout(r, 5));
    return { result, writes: n, before };
  } finally {
    stop = true;
    await loop;
  }
}

/** A money row: id, amount, status or order, and the drill write's number (null for the seeded rows). */
type MoneyRow = [number, number, number | string, number | null];

/** Orders, payments and withdrawals as rows, by id. */
export async function moneyRows(db: Db): Promise<Record<'orders' | 'payments' | 'withdrawals', MoneyRow[]>> {
  const rows = async (table: string, third: string, tag: string) =>
    JSON.parse(
      (
        await db.query<{ j: string | null }>(
          `SELECT json_agg(json_build_array(id, amount_cents, ${third},
                    CASE WHEN ${tag} LIKE 'DRILL-%' THEN split_part(${tag}, '-', 2)::int END) ORDER BY id)::text AS j
             FROM ${table}`,
        )
      ).rows[0].j ?? '[]',
    ) as MoneyRow[];
  return {
    orders: await rows('orders', 'status', 'order_no'),
    payments: await rows('payments', 'order_id', 'transaction_id'),
    withdrawals: await rows('withdrawals', 'status', 'account_no'),
  };
}

/** The rows a snapshot holding the first k drill writes should hold. */
function upTo(all: Awaited<ReturnType<typeof moneyRows>>, k: number) {
  const keep = (rows: MoneyRow[]) => rows.filter((r) => r[3] === null || r[3] < k);
  return { orders: keep(all.orders), payments: keep(all.payments), withdrawals: keep(all.withdrawals) };
}

/** Counts and sums as the database computes them. */
async function moneySums(db: Db) {
  return (
    await db.query(
      `SELECT (SELECT count(*) FROM orders)::int AS orders, (SELECT coalesce(sum(amount_cents), 0) FROM orders)::int AS order_sum,
              (SELECT count(*) FROM payments)::int AS payments, (SELECT coalesce(sum(amount_cents), 0) FROM payments)::int AS payment_sum,
              (SELECT count(*) FROM withdrawals)::int AS withdrawals,
              (SELECT coalesce(sum(amount_cents), 0) FROM withdrawals)::int AS withdrawal_sum`,
    )
  ).rows[0];
}

const sumsOf = (m: ReturnType<typeof upTo>) => {
  const sum = (rows: MoneyRow[]) => rows.reduce((n, r) => n + r[1], 0);
  return {
    orders: m.orders.length,
    order_sum: sum(m.orders),
    payments: m.payments.length,
    payment_sum: sum(m.payments),
    withdrawals: m.withdrawals.length,
    withdrawal_sum: sum(m.withdrawals),
  };
};

/** Every checkpoint note a database holds, by tree size. */
export async function checkpointNotes(db: Db): Promise<Map<number, string>> {
  const r = await db.query<{ size: number; note: string }>('SELECT tree_size AS size, note FROM evidence_checkpoints');
  return new Map(r.rows.map((row) => [Number(row.size), row.note]));
}

/** Which drill writes a database holds, per table (each a sorted list of write numbers). */
async function drillNumbers(db: Db): Promise<Record<string, number[]>> {
  const list = async (sql: string) => (await db.query<{ i: number }>(sql)).rows.map((r) => Number(r.i));
  const num = (col: string) => `split_part(${col}, '-', 2)::int`;
  return {
    audit: await list(`SELECT ${num('target_id')} AS i FROM audit_log WHERE target_type = 'drill' ORDER BY 1`),
    orders: await list(`SELECT ${num('order_no')} AS i FROM orders WHERE order_no LIKE 'DRILL-%' ORDER BY 1`),
    payments: await list(
      `SELECT ${num('transaction_id')} AS i FROM payments WHERE transaction_id LIKE 'DRILL-%' ORDER BY 1`,
    ),
    wallet: await list(`SELECT ${num('note')} AS i FROM wallet_transactions WHERE note LIKE 'DRILL-%' ORDER BY 1`),
    withdrawals: await list(
      `SELECT ${num('account_no')} AS i FROM withdrawals WHERE account_no LIKE 'DRILL-%' ORDER BY 1`,
    ),
    leaves: await list(
      `SELECT (payload->>'drill')::int AS i FROM evidence_log_leaves WHERE payload ? 'drill' ORDER BY 1`,
    ),
  };
}

/**
 * The drill writes a restored database holds: the same first k in every table (each write wholly
 * in or wholly out, and none missing in between). Returns k.
 */
export async function consistentDrillWrites(db: Db): Promise<number> {
  const found = await drillNumbers(db);
  const k = found.orders.length;
  const expected = Array.from({ length: k }, (_, i) => i);
  for (const [table, got] of Object.entries(found)) expect(got, table).toEqual(expected);
  return k;
}

/** An app on a restored database and DATA_DIR, started the way the server starts (migrate, build, ready). */
export async function appOn(db: Db, dataDir: string): Promise<FastifyInstance> {
  await migrate(db);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    CLIENT_DIR: path.join(dataDir, 'no-client'),
    SEED: '0',
    LOG_LEVEL: 'warn',
  });
  const app = await buildApp({ config, db, logger: false });
  await app.ready();
  return app;
}

/** What the source looked like, for the checks after a restore. */
export interface SourceState {
  seeded: Seeded;
  /** Every checkpoint note the source signed, by tree size (checkpointNotes). */
  notes: Map<number, string>;
  /** moneyRows of the source, taken after the writes stopped. */
  money: Awaited<ReturnType<typeof moneyRows>>;
  /** The drill writer's balance before the writes. */
  balanceBefore: number;
}

/**
 * Everything the drill promises of a restored installation: the licensed original downloads
 * byte-identical, the deposit's receipt verifies against the restored log with the pinned key,
 * the newest checkpoint is one the source signed and the next one extends it, the upload's file is
 * intact, no money row is lost or doubled, and the drill writes are a consistent prefix.
 */
export async function expectRestored(app: FastifyInstance, src: SourceState): Promise<number> {
  const { seeded: s } = src;
  const k = await consistentDrillWrites(app.db);
  const drilled = Array.from({ length: k }, (_, i) => 100 + i).reduce((a, b) => a + b, 0);
  const balance = (await app.db.query('SELECT balance_cents AS b FROM users WHERE id = $1', [s.buyer.id])).rows[0].b;
  expect(Number(balance)).toBe(src.balanceBefore - drilled);
  const money = upTo(src.money, k);
  expect(await moneyRows(app.db)).toEqual(money);
  expect(await moneySums(app.db)).toEqual(sumsOf(money));

  // The sessions came back too: the buyer's token still works.
  const dl = await app.inject({ url: `/api/order/download/${s.materialId}`, headers: s.buyer.auth });
  expect(dl.statusCode).toBe(200);
  expect(dl.rawPayload.equals(s.original)).toBe(true);
  const cert = await app.inject({ url: `/api/order/licence/${s.licenceId}/certificate`, headers: s.buyer.auth });
  expect(cert.statusCode).toBe(200);
  expect(cert.headers['content-type']).toBe('application/pdf');

  const rc = await app.inject({ url: `/api/protection/deposit/${s.deposit.id}/receipt`, headers: s.creator.auth });
  expect(rc.statusCode, rc.body).toBe(200);
  const verdict = await verifyReceipt(s.image.data, rc.json(), s.vkey);
  expect(verdict.steps.filter((step) => step.ok === false)).toEqual([]);

  const health = (await app.inject({ url: '/api/health' })).json().data;
  expect(health).toMatchObject({ evidenceLog: 'ok' });
  // The newest checkpoint: one the source signed (Ed25519 signatures are deterministic, so a tree
  // the source also signed gives the same note), and the next one must extend it.
  const lastNote = (await app.inject({ url: '/api/protection/ledger/checkpoint' })).body;
  const last = parseCheckpoint(parseNote(lastNote)!.text)!;
  if (src.notes.has(last.size)) expect(lastNote).toBe(src.notes.get(last.size));
  await app.db.tx((q) => appendBlock(q, { type: 'backup-drill', after: 'restore' }));
  const nextNote = (await app.inject({ url: '/api/protection/ledger/checkpoint' })).body;
  const next = parseCheckpoint(parseNote(nextNote)!.text)!;
  expect(next.size).toBe(last.size + 1);
  const proof = await app.inject({ url: `/api/protection/ledger/consistency?from=${last.size}&to=${next.size}` });
  expect(proof.statusCode, proof.body).toBe(200);
  const path = proof.json().data.path.map(fromBase64);
  expect(await verifyConsistency(last.size, next.size, last.root, next.root, path)).toBe(true);

  const up = await app.inject({ url: `/api/upload/${s.upload.id}`, headers: s.creator.auth });
  expect(up.json().data).toMatchObject({ state: 'complete', sha256: sha256(s.png) });
  const blob = await app.db.query('SELECT storage_key FROM upload_blobs WHERE sha256 = $1', [sha256(s.png)]);
  expect((await app.storage.get(blob.rows[0].storage_key)).equals(s.png)).toBe(true);
  return k;
}

/** Flips one byte in the middle of a file (a tampered snapshot); returns how to put it back. */
export function flipByte(file: string): () => void {
  const bytes = fs.readFileSync(file);
  const at = Math.floor(bytes.length / 2);
  const copy = Buffer.from(bytes);
  copy[at] ^= 0x01;
  fs.writeFileSync(file, copy);
  return () => fs.writeFileSync(file, bytes);
}
