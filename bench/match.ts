/**
 * Monitoring match benchmark: PDQ (server/src/services/fingerprint) against pHash and dHash
 * baselines measured in the same run, and the multi-index band lookup against a linear scan.
 *
 *   node --import tsx bench/match.ts [--originals 2000] [--distractors 2000] [--index 1000000] [--queries 2000]
 *
 * Quality: N generated originals (random shapes on gradients, 480x360, mulberry32 seeds), each
 * copied with every transformation of services/monitor/transforms.ts, plus distractor images
 * never indexed. Each query takes its nearest original (Hamming); per transformation we report
 * recall and precision at each hash's usual threshold (PDQ 31/256, pHash and dHash 10/64), and
 * overall recall at >= 99.9% precision (the threshold sweep picks each hash's best operating point).
 * Speed: an index of --index random 256-bit hashes in the band layout the database uses (16 x 16-bit
 * keys, probing each key and its 16 one-bit neighbours); query p50/p95 and throughput against a
 * linear scan of the same index (the baseline), with planted near-duplicates to check recall.
 */
import sharp from 'sharp';
import { fingerprintImage } from '../server/src/services/fingerprint/image.js';
import { bandKeys, hammingBytes, hexToBytes, probeKeys } from '../server/src/services/fingerprint/hash256.js';
import { dHash64, pHash } from '../server/src/services/fingerprint/baselines.js';
import { IMAGE_TRANSFORMS, transformImage } from '../server/src/services/monitor/transforms.js';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return Number(i > 0 ? process.argv[i + 1] : def);
};
const ORIGINALS = arg('originals', '2000');
const DISTRACTORS = arg('distractors', '2000');
const INDEX = arg('index', '1000000');
const QUERIES = arg('queries', '2000');

function mulberry32(a: number) {
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function generated(seed: number): Promise<Buffer> {
  const rnd = mulberry32(seed * 7919 + 17);
  const W = 480,
    H = 360;
  const col = () => `rgb(${Math.floor(rnd() * 255)},${Math.floor(rnd() * 255)},${Math.floor(rnd() * 255)})`;
  let shapes = '';
  for (let i = 0; i < 6 + Math.floor(rnd() * 14); i++) {
    const r = rnd();
    if (r < 0.4)
      shapes += `<circle cx="${rnd() * W}" cy="${rnd() * H}" r="${8 + rnd() * 90}" fill="${col()}" fill-opacity="${0.4 + rnd() * 0.6}"/>`;
    else if (r < 0.8)
      shapes += `<rect x="${rnd() * W}" y="${rnd() * H}" width="${20 + rnd() * 200}" height="${20 + rnd() * 150}" fill="${col()}" transform="rotate(${rnd() * 90} ${W / 2} ${H / 2})"/>`;
    else
      shapes += `<path d="M${rnd() * W},${rnd() * H} Q${rnd() * W},${rnd() * H} ${rnd() * W},${rnd() * H}" stroke="${col()}" stroke-width="${2 + rnd() * 20}" fill="none"/>`;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><defs><linearGradient id="g" x1="0" y1="0" x2="${rnd()}" y2="1"><stop offset="0" stop-color="${col()}"/><stop offset="1" stop-color="${col()}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${shapes}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

interface Hashes {
  pdq: string;
  pdqMirror: string;
  quality: number;
  phash: string;
  dhash: string;
}
async function hashes(img: Buffer): Promise<Hashes> {
  const [fp, ph, dh] = await Promise.all([fingerprintImage(img), pHash(img), dHash64(img)]);
  return { pdq: fp.hash, pdqMirror: fp.mirrorHash, quality: fp.quality, phash: ph, dhash: dh };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

async function quality() {
  const t0 = Date.now();
  const originals: Hashes[] = [];
  const queries: Array<{ truth: number | null; transform: string; h: Hashes }> = [];
  // Batches keep sharp's thread pool busy on both cores.
  const BATCH = 8;
  for (let s = 0; s < ORIGINALS; s += BATCH) {
    const ids = Array.from({ length: Math.min(BATCH, ORIGINALS - s) }, (_, k) => s + k);
    const done = await Promise.all(
      ids.map(async (i) => {
        const img = await generated(i);
        const copies = await Promise.all(
          IMAGE_TRANSFORMS.map(async (t) => ({
            truth: i,
            transform: t as string,
            h: await hashes(await transformImage(img, t)),
          })),
        );
        return { i, h: await hashes(img), copies };
      }),
    );
    for (const d of done) {
      originals[d.i] = d.h;
      queries.push(...d.copies);
    }
    if ((s / BATCH) % 25 === 24)
      process.stderr.write(
        `  ${s + BATCH}/${ORIGINALS} originals hashed (${((Date.now() - t0) / 1000).toFixed(0)} s)\n`,
      );
  }
  for (let s = 0; s < DISTRACTORS; s += BATCH) {
    const ids = Array.from({ length: Math.min(BATCH, DISTRACTORS - s) }, (_, k) => s + k);
    for (const h of await Promise.all(ids.map(async (i) => hashes(await generated(1_000_000 + i)))))
      queries.push({ truth: null, transform: 'distractor', h });
  }
  console.log(
    `Generated ${ORIGINALS} originals x ${IMAGE_TRANSFORMS.length} transformations + ${DISTRACTORS} distractors in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );

  type Algo = { name: string; bits: number; threshold: number; dist: (q: Hashes, o: Hashes) => number };
  const bytes = new Map<string, Uint8Array>();
  const b = (h: string) => {
    let x = bytes.get(h);
    if (!x) bytes.set(h, (x = hexToBytes(h)));
    return x;
  };
  const algos: Algo[] = [
    {
      name: 'PDQ (+mirror, borders trimmed)',
      bits: 256,
      threshold: 31,
      dist: (q, o) => Math.min(hammingBytes(b(q.pdq), b(o.pdq)), hammingBytes(b(q.pdqMirror), b(o.pdq))),
    },
    { name: 'pHash 64 (baseline)', bits: 64, threshold: 10, dist: (q, o) => hammingBytes(b(q.phash), b(o.phash)) },
    { name: 'dHash 64 (baseline)', bits: 64, threshold: 10, dist: (q, o) => hammingBytes(b(q.dhash), b(o.dhash)) },
  ];
  for (const a of algos) {
    // Nearest original for every query (exhaustive here: quality, not speed, is measured).
    const best = queries.map((q) => {
      let bd = Infinity,
        bi = -1;
      for (let i = 0; i < originals.length; i++) {
        const d = a.dist(q.h, originals[i]);
        if (d < bd) {
          bd = d;
          bi = i;
        }
      }
      return { d: bd, correct: q.truth !== null && bi === q.truth, isCopy: q.truth !== null, transform: q.transform };
    });
    console.log(`\n${a.name}: threshold ${a.threshold}/${a.bits}`);
    console.log('  transformation   recall   precision');
    for (const t of [...IMAGE_TRANSFORMS, 'distractor']) {
      const rows = best.filter((r) => r.transform === t);
      const reported = rows.filter((r) => r.d <= a.threshold);
      if (t === 'distractor') {
        console.log(`  ${t.padEnd(15)}  false matches ${reported.length}/${rows.length}`);
        continue;
      }
      const tp = reported.filter((r) => r.correct).length;
      console.log(
        `  ${t.padEnd(15)}  ${pct(tp / rows.length).padStart(6)}   ${reported.length ? pct(tp / reported.length) : '—'}`,
      );
    }
    let bestRecall = 0,
      bestT = -1;
    const copies = best.filter((r) => r.isCopy).length;
    for (let T = 0; T <= a.bits / 2; T++) {
      const rep = best.filter((r) => r.d <= T);
      const tp = rep.filter((r) => r.correct).length;
      if (rep.length && tp / rep.length >= 0.999 && tp / copies > bestRecall) {
        bestRecall = tp / copies;
        bestT = T;
      }
    }
    const noCrop = best.filter((r) => r.isCopy && r.transform !== 'crop');
    const noCropRecall = bestT < 0 ? 0 : noCrop.filter((r) => r.correct && r.d <= bestT).length / noCrop.length;
    console.log(
      `  overall recall at >= 99.9% precision: ${pct(bestRecall)} (threshold ${bestT}); without crops: ${pct(noCropRecall)}`,
    );
  }
}

function speed() {
  const rnd = mulberry32(42);
  const t0 = Date.now();
  const all = new Uint8Array(INDEX * 32);
  for (let i = 0; i < all.length; i++) all[i] = Math.floor(rnd() * 256);
  // Planted near-duplicates: query i is index entry i*step with 20 random bits flipped.
  const step = Math.floor(INDEX / QUERIES);
  const queries: Uint8Array[] = [];
  for (let i = 0; i < QUERIES; i++) {
    const q = all.slice(i * step * 32, i * step * 32 + 32);
    for (let k = 0; k < 20; k++) {
      const bit = Math.floor(rnd() * 256);
      q[bit >> 3] ^= 1 << (bit & 7);
    }
    queries.push(q);
  }
  const hex = (u: Uint8Array) => Buffer.from(u).toString('hex');
  // Band index: per key (band << 16 | value) the list of ids, as CSR arrays (what the GIN index stores).
  const counts = new Uint32Array(16 << 16);
  const keysOf = (i: number) => bandKeys(hex(all.subarray(i * 32, i * 32 + 32)));
  const keys = new Uint32Array(INDEX * 16);
  for (let i = 0; i < INDEX; i++) {
    const k = keysOf(i);
    for (let j = 0; j < 16; j++) {
      keys[i * 16 + j] = k[j];
      counts[k[j]]++;
    }
  }
  const start = new Uint32Array((16 << 16) + 1);
  for (let k = 0; k < counts.length; k++) start[k + 1] = start[k] + counts[k];
  const fill = start.slice(0, -1);
  const ids = new Uint32Array(INDEX * 16);
  for (let i = 0; i < INDEX * 16; i++) ids[fill[keys[i]]++] = Math.floor(i / 16);
  console.log(`\nIndex of ${INDEX.toLocaleString()} fingerprints built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const lat: number[] = [];
  let found = 0,
    candidates = 0;
  const seen = new Uint8Array(INDEX);
  const tq = process.hrtime.bigint();
  for (const [qi, q] of queries.entries()) {
    const s = process.hrtime.bigint();
    const touched: number[] = [];
    let hit = false;
    for (const k of probeKeys(hex(q))) {
      for (let p = start[k]; p < start[k + 1]; p++) {
        const id = ids[p];
        if (seen[id]) continue;
        seen[id] = 1;
        touched.push(id);
        if (hammingBytes(q, all, id * 32) <= 31 && id === qi * step) hit = true;
      }
    }
    candidates += touched.length;
    for (const id of touched) seen[id] = 0;
    if (hit) found++;
    lat.push(Number(process.hrtime.bigint() - s) / 1e6);
  }
  const indexSec = Number(process.hrtime.bigint() - tq) / 1e9;
  // Baseline: a linear scan over the same index, on a sample of the queries.
  const sample = queries.slice(0, Math.min(50, QUERIES));
  const linLat: number[] = [];
  for (const q of sample) {
    const s = process.hrtime.bigint();
    let n = 0;
    for (let id = 0; id < INDEX; id++) if (hammingBytes(q, all, id * 32) <= 31) n++;
    linLat.push(Number(process.hrtime.bigint() - s) / 1e6);
    if (n < 0) console.log(n);
  }
  const p50 = quantile(lat, 0.5),
    p95 = quantile(lat, 0.95),
    lp50 = quantile(linLat, 0.5),
    lp95 = quantile(linLat, 0.95);
  console.log(
    `Band index: ${QUERIES} queries, ${(QUERIES / indexSec).toFixed(0)} queries/s, p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, ${Math.round(candidates / QUERIES)} candidates/query, planted copies found ${found}/${QUERIES}`,
  );
  console.log(
    `Linear scan (baseline): ${sample.length} queries, p50 ${lp50.toFixed(1)} ms, p95 ${lp95.toFixed(1)} ms, ${((INDEX * 1000) / lp50).toFixed(0)} fingerprints/s compared`,
  );
  console.log(
    `Speed-up at p95: ${(lp95 / p95).toFixed(0)}x; effective matching throughput ${((INDEX * QUERIES) / indexSec / 1e6).toFixed(0)}M fingerprints/s`,
  );
}

await quality();
speed();
