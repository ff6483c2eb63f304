/**
 * Evidence log benchmark (server/src/evidence) on PGlite and PostgreSQL, with a baseline from the same run.
 *
 *   node --import tsx bench/ledger.ts [--engine pglite|postgres|both] [--leaves 1000000] [--appends 1000] [--proofs 300]
 *
 * - fill: the log is grown to --leaves leaves by bulk INSERTs of leaves and their subtree hashes
 *   (computed here exactly as evidence_log_append does; appending 1M one by one would only time the fill);
 * - append: --appends appendBlock calls on top, one transaction each (what a deposit does), leaves/s;
 *   baseline: the same number of one-row INSERT transactions into a plain table;
 * - proofs: --proofs inclusion proofs of random leaves and consistency proofs from random older sizes
 *   to the full size, p50/p95 ms; baseline: a primary-key SELECT of one leaf row; proof size in bytes.
 * PostgreSQL: DATABASE_URL (default postgres://lumen:lumen@127.0.0.1:5432/lumen_test), in a schema of
 * its own dropped afterwards. PGlite: a temporary data folder, removed afterwards.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDb, type Db } from '../server/src/db/index.js';
import { migrate } from '../server/src/db/migrate.js';
import { freshSchema } from '../tests/helpers/app.js';
import { appendBlock } from '../server/src/evidence/ledger.js';
import { encodeLeaf } from '../server/src/evidence/leaf.js';
import { leafHash, nodeHash } from '../server/src/evidence/merkle.js';
import { consistencyProof, inclusionProof, rootAt } from '../server/src/evidence/proofs.js';
import { logSize } from '../server/src/repositories/evidence-log.js';
import { verifyConsistency } from '../verify-receipt.mjs';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const ENGINES = arg('engine', 'both') === 'both' ? ['pglite', 'postgres'] : [arg('engine', 'both')];
const LEAVES = Number(arg('leaves', '1000000'));
const APPENDS = Number(arg('appends', '1000'));
const PROOFS = Number(arg('proofs', '300'));
const BATCH = 20_000;

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const ms = (x: number) => x.toFixed(2);

async function open(engine: string): Promise<{ db: Db; cleanup: () => Promise<void> }> {
  if (engine === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-bench-ledger-'));
    const db = await openDb({ pgliteDir: dir });
    return {
      db,
      cleanup: async () => {
        await db.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const fresh = await freshSchema(
    process.env.DATABASE_URL || 'postgres://lumen:lumen@127.0.0.1:5432/lumen_test',
    'bench_ledger',
  );
  const db = await openDb({ databaseUrl: fresh.url });
  return {
    db,
    cleanup: async () => {
      await db.close();
      await fresh.drop();
    },
  };
}

/**
 * Grows the log to `count` leaves with bulk INSERTs of the leaves and every subtree they complete.
 * Returns the fill time and the root computed here, independently of the stored rows.
 */
async function fill(db: Db, count: number): Promise<{ ms: number; root: Buffer }> {
  // left[L]: the newest complete subtree at level L that still waits for its right sibling.
  const left: Buffer[] = [];
  const t0 = performance.now();
  const at = new Date();
  for (let start = 0; start < count; start += BATCH) {
    const end = Math.min(count, start + BATCH);
    const leaves: Buffer[] = [];
    const nodes: Array<[number, number, Buffer]> = [];
    for (let i = start; i < end; i++) {
      const leaf = encodeLeaf({ type: 'bench', sha256: i.toString(16).padStart(64, '0'), certNo: `B${i}`, time: at });
      leaves.push(leaf);
      let h = leafHash(leaf);
      nodes.push([0, i, h]);
      // Same rule as evidence_log_append: an odd index closes a pair with its left sibling.
      let idx = i;
      let level = 0;
      while (idx % 2 === 1) {
        h = nodeHash(left[level], h);
        level++;
        idx = Math.floor(idx / 2);
        nodes.push([level, idx, h]);
      }
      left[level] = h;
    }
    await db.query(
      `INSERT INTO evidence_log_leaves(idx, leaf, cert_no, payload, created_at)
       SELECT i, l, c, '{}'::jsonb, $4 FROM unnest($1::bigint[], $2::bytea[], $3::text[]) AS u(i, l, c)`,
      [leaves.map((_, k) => start + k), leaves, leaves.map((_, k) => `B${start + k}`), at],
    );
    await db.query(
      'INSERT INTO evidence_log_nodes(level, idx, hash) SELECT * FROM unnest($1::smallint[], $2::bigint[], $3::bytea[])',
      [nodes.map((n) => n[0]), nodes.map((n) => n[1]), nodes.map((n) => n[2])],
    );
  }
  // RFC 9162 root from the waiting subtrees: one per set bit of count, folded right to left.
  let root: Buffer | null = null;
  for (let level = 0; 2 ** level <= count; level++)
    if (Math.floor(count / 2 ** level) % 2 === 1) root = root ? nodeHash(left[level], root) : left[level];
  return { ms: performance.now() - t0, root: root! };
}

async function timeEach(n: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
  }
  return out;
}

for (const engine of ENGINES) {
  const { db, cleanup } = await open(engine);
  try {
    await migrate(db);
    await db.exec(
      'CREATE TABLE bench_plain (id bigserial PRIMARY KEY, leaf bytea NOT NULL, created_at timestamptz NOT NULL DEFAULT now())',
    );
    const filled = await fill(db, LEAVES);
    // The stored subtrees give the same root as the independent computation, or nothing below means anything.
    if (!(await rootAt(db, LEAVES)).equals(filled.root))
      throw new Error('stored tree does not match the computed root');
    console.log(`[${engine}] fill ${LEAVES} leaves (bulk, with subtree hashes): ${(filled.ms / 1000).toFixed(1)} s`);

    const sample = encodeLeaf({ type: 'bench', sha256: 'f'.repeat(64), certNo: 'BENCH', time: new Date() });
    const base = await timeEach(APPENDS, () =>
      db.tx((q) => q.query('INSERT INTO bench_plain(leaf) VALUES ($1)', [sample])),
    );
    const app = await timeEach(APPENDS, (i) =>
      db.tx((q) =>
        appendBlock(q, { type: 'bench', sha256: (LEAVES + i).toString(16).padStart(64, '0'), certNo: `BA${i}` }),
      ),
    );
    const rate = (xs: number[]) => (xs.length / (xs.reduce((a, b) => a + b, 0) / 1000)).toFixed(0);
    console.log(
      `[${engine}] append at ${LEAVES}+ leaves: ${rate(app)} leaves/s (p50 ${ms(pct(app, 50))} ms, p95 ${ms(pct(app, 95))} ms); baseline one-row INSERT tx: ${rate(base)}/s (p95 ${ms(pct(base, 95))} ms)`,
    );

    const size = await logSize(db);
    // Appends through evidence_log_append extend the bulk-filled tree consistently.
    const grown = await consistencyProof(db, LEAVES, size);
    if (!(await verifyConsistency(LEAVES, size, filled.root, await rootAt(db, size), grown)))
      throw new Error('appends are not consistent with the filled tree');
    const rnd = (n: number) => Math.floor(Math.random() * n);
    const root = await timeEach(Math.min(PROOFS, 100), () => rootAt(db, size - rnd(1000)));
    const pk = await timeEach(PROOFS, () =>
      db.query('SELECT leaf FROM evidence_log_leaves WHERE idx = $1', [rnd(size)]),
    );
    let bytes = 0;
    const incl = await timeEach(PROOFS, async () => {
      const p = await inclusionProof(db, rnd(size), size);
      bytes = Math.max(bytes, p.length * 32);
    });
    let cbytes = 0;
    const cons = await timeEach(PROOFS, async () => {
      const p = await consistencyProof(db, 1 + rnd(size - 1), size);
      cbytes = Math.max(cbytes, p.length * 32);
    });
    console.log(
      `[${engine}] n=${size}: inclusion proof p50 ${ms(pct(incl, 50))} ms p95 ${ms(pct(incl, 95))} ms, largest ${bytes} B (ceil(log2 n)*32 = ${Math.ceil(Math.log2(size)) * 32} B)`,
    );
    console.log(
      `[${engine}] n=${size}: consistency proof p50 ${ms(pct(cons, 50))} ms p95 ${ms(pct(cons, 95))} ms, largest ${cbytes} B; root p95 ${ms(pct(root, 95))} ms`,
    );
    console.log(
      `[${engine}] baseline primary-key SELECT of one leaf: p50 ${ms(pct(pk, 50))} ms p95 ${ms(pct(pk, 95))} ms`,
    );
  } finally {
    await cleanup();
  }
}
