/**
 * The fingerprint index in the database (monitor_fingerprints, a btree per band column) on PGlite, or
 * PostgreSQL with --url: index query p50/p95 through repositories/monitor-fingerprints.ts
 * (bandCandidates + exact distance), against the baseline of a full scan of the same table.
 *
 *   node --import tsx bench/match-db.ts [--rows 100000] [--queries 300] [--url postgres://...]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb } from '../server/src/db/index.js';
import { migrate } from '../server/src/db/migrate.js';
import { bandCandidates } from '../server/src/repositories/monitor-fingerprints.js';
import { BAND_COUNT, bandKeys, hammingHex, probeKeys } from '../server/src/services/fingerprint/hash256.js';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const ROWS = Number(arg('rows', '100000'));
const QUERIES = Number(arg('queries', '300'));
const URL_ = arg('url', '');
const BANDS = Array.from({ length: BAND_COUNT }, (_, b) => `b${b}`);

let seed = 7;
const rnd = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const randomHash = () => Array.from({ length: 64 }, () => Math.floor(rnd() * 16).toString(16)).join('');
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-bench-mih-'));
const db = await openDb(URL_ ? { databaseUrl: URL_ } : { pgliteDir: path.join(dir, 'db') });
if (URL_) await db.exec('DROP TABLE IF EXISTS bench_done'); // fresh schema is the caller's job on PostgreSQL
await migrate(db);
const t0 = Date.now();
// Works to hang fingerprints on: video frames, 100 per work.
const works = Math.ceil(ROWS / 100);
await db.query(`INSERT INTO materials(type, title) SELECT 1, 'bench ' || g FROM generate_series(1, $1) g`, [works]);
const firstWork = Number((await db.query<{ id: string }>('SELECT min(id) AS id FROM materials')).rows[0].id);
const hashes: string[] = [];
for (let s = 0; s < ROWS; s += 5000) {
  const batch = Array.from({ length: Math.min(5000, ROWS - s) }, (_, k) => {
    const h = randomHash();
    hashes.push(h);
    const i = s + k;
    return { w: firstWork + Math.floor(i / 100), f: i % 100, h, b: bandKeys(h) };
  });
  await db.query(
    `INSERT INTO monitor_fingerprints (work_id, frame, hash, quality, ${BANDS.join(', ')})
     SELECT x.w, x.f, x.h, 100, ${BANDS.map((_, b) => `(x.b->>${b})::int & 65535`).join(', ')} FROM jsonb_to_recordset($1::jsonb) AS x(w bigint, f int, h text, b jsonb)`,
    [JSON.stringify(batch)],
  );
}
await db.query('ANALYZE monitor_fingerprints');
console.log(`${db.kind}: ${ROWS.toLocaleString()} fingerprints loaded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);

const flip = (h: string, n: number) => {
  const b = Buffer.from(h, 'hex');
  for (let k = 0; k < n; k++) {
    const bit = Math.floor(rnd() * 256);
    b[bit >> 3] ^= 1 << (bit & 7);
  }
  return b.toString('hex');
};
const lat: number[] = [];
let found = 0;
for (let i = 0; i < QUERIES; i++) {
  const target = hashes[Math.floor(rnd() * hashes.length)];
  const q = flip(target, 20);
  const s = performance.now();
  const c = await bandCandidates(db, probeKeys(q));
  if (c.some((x) => x.hash === target && hammingHex(x.hash, q) <= 31)) found++;
  lat.push(performance.now() - s);
}
const scan: number[] = [];
for (let i = 0; i < Math.min(10, QUERIES); i++) {
  const s = performance.now();
  await db.query('SELECT work_id, frame, hash FROM monitor_fingerprints');
  scan.push(performance.now() - s);
}
console.log(
  `Band index query: p50 ${quantile(lat, 0.5).toFixed(1)} ms, p95 ${quantile(lat, 0.95).toFixed(1)} ms, ${(QUERIES / (lat.reduce((a, b) => a + b, 0) / 1000)).toFixed(0)} queries/s; planted copies found ${found}/${QUERIES}`,
);
console.log(
  `Baseline full read of the table (before any distance is computed): p50 ${quantile(scan, 0.5).toFixed(0)} ms; ratio at p50 ${(quantile(scan, 0.5) / quantile(lat, 0.5)).toFixed(0)}x`,
);
await db.close();
fs.rmSync(dir, { recursive: true, force: true });
