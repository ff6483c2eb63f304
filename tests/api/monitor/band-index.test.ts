import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp } from '../../helpers/app.js';
import {
  bandCandidates,
  bandCandidatesQuery,
  saveFingerprints,
} from '../../../server/src/repositories/monitor-fingerprints.js';
import { hammingHex, probeKeys } from '../../../server/src/services/fingerprint/hash256.js';

/**
 * The fingerprint index on the real database: a copy up to distance 31 is always a candidate, an
 * unrelated hash brings back only a few bucket neighbours, and the statement is answered from the
 * band indexes, never by reading every fingerprint (a planner estimate once turned it into a scan).
 * 30,000 rows: on a table of a few thousand the planner rightly prefers reading it all.
 */
describe('monitor fingerprint band index', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  const stored: string[] = [];
  let seed = 11;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const randomHash = () => Array.from({ length: 64 }, () => Math.floor(rnd() * 16).toString(16)).join('');
  const flip = (h: string, n: number) => {
    const b = Buffer.from(h, 'hex');
    const bits = new Set<number>();
    while (bits.size < n) bits.add(Math.floor(rnd() * 256));
    for (const bit of bits) b[bit >> 3] ^= 1 << (bit & 7);
    return b.toString('hex');
  };

  beforeAll(async () => {
    t = await makeTestApp();
    const works = (
      await t.db.query<{ id: string }>(
        `INSERT INTO materials(type, title) SELECT 1, 'band ' || g FROM generate_series(1, 30) g RETURNING id`,
      )
    ).rows;
    for (const w of works) {
      const frames = Array.from({ length: 1000 }, (_, i) => {
        const hash = randomHash();
        stored.push(hash);
        return { frame: i, t: i / 2, hash, quality: 90 };
      });
      await saveFingerprints(t.db, Number(w.id), 'video', frames);
    }
    await t.db.query('ANALYZE monitor_fingerprints');
  });
  afterAll(() => t?.close());

  it('finds every stored hash from a copy 31 bits away', async () => {
    for (let i = 0; i < 40; i++) {
      const target = stored[Math.floor(rnd() * stored.length)];
      const copy = flip(target, 31);
      expect(hammingHex(copy, target)).toBe(31);
      const found = await bandCandidates(t.db, probeKeys(copy));
      expect(found.map((c) => c.hash)).toContain(target);
    }
  });

  it('brings back few candidates for an unrelated hash, none of them a match', async () => {
    const found = await bandCandidates(t.db, probeKeys(randomHash()));
    expect(found.length).toBeLessThan(stored.length / 20);
    expect(found.filter((c) => hammingHex(c.hash, stored[0]) <= 31 && c.hash !== stored[0])).toEqual([]);
  });

  it('reads the band indexes, not the whole table', async () => {
    const { text, values } = bandCandidatesQuery(probeKeys(flip(stored[7], 20)));
    const plan = (await t.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, values)).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    expect(plan).toMatch(/Bitmap Index Scan on monitor_fingerprints_b\d+/);
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
